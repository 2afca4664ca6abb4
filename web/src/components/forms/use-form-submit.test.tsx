import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ApiError } from '@/lib/api-client'

import { FormErrors } from './form-errors'
import { FormField } from './form-field'
import { type FormSubmitOptions, useFormSubmit } from './use-form-submit'

type Values = { name: string; phone: string }

type Options = Partial<Omit<FormSubmitOptions<Values>, 'setError'>>

/** A two-field form whose save is `save`; onSaved hears what it answered. */
function TestForm({
  save,
  options,
  handle,
  onSaved,
}: {
  save: () => Promise<unknown>
  options?: Options
  handle?: (error: unknown) => boolean
  onSaved?: (value: unknown) => void
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: 'Ana', phone: '11912345678' } })
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: ['name', 'phone'],
    log: 'Erro ao salvar teste',
    failure: 'Não foi possível salvar o teste.',
    ...options,
  })
  const onSubmit = handleSubmit(async () => {
    const result = await submit(save, { done: 'Teste salvo', handle })
    if (result) onSaved?.(result.value)
  })
  return (
    <form noValidate onSubmit={onSubmit}>
      <FormErrors messages={unplaced} />
      <FormField id="name" label="Nome" error={errors.name?.message}>
        {(aria) => <input {...aria} {...register('name')} />}
      </FormField>
      <FormField id="phone" label="Telefone" error={errors.phone?.message}>
        {(aria) => <input {...aria} {...register('phone')} />}
      </FormField>
      <button type="submit">Salvar</button>
    </form>
  )
}

function refusal(fields: Record<string, string>, message = 'Confira os dados.') {
  return new ApiError({ status: 422, code: 'invalid', message, fields })
}

describe('useFormSubmit', () => {
  let success: ReturnType<typeof vi.spyOn>
  let failure: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    success = vi.spyOn(toast, 'success')
    failure = vi.spyOn(toast, 'error')
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => vi.restoreAllMocks())

  it('toasts the success and hands back what the save answered', async () => {
    const onSaved = vi.fn()
    render(<TestForm save={() => Promise.resolve({ id: '1' })} onSaved={onSaved} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: '1' }))
    expect(success).toHaveBeenCalledWith('Teste salvo')
    expect(failure).not.toHaveBeenCalled()
  })

  it('puts a 422’s field messages on their fields, the others above the form, and toasts the message', async () => {
    const onSaved = vi.fn()
    const save = () => Promise.reject(refusal({ phone: 'Telefone inválido', plan: 'Limite do plano' }))
    render(<TestForm save={save} onSaved={onSaved} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))

    const phone = screen.getByRole('textbox', { name: 'Telefone' })
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'))
    expect(phone).toHaveFocus()
    expect(phone).toHaveAccessibleDescription('Telefone inválido')
    expect(screen.getByRole('textbox', { name: 'Nome' })).not.toHaveAttribute('aria-invalid')
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Limite do plano', 'Telefone inválido'])
    expect(failure).toHaveBeenCalledWith('Confira os dados.')
    expect(success).not.toHaveBeenCalled()
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('clears the messages above the form when the next save goes through', async () => {
    const save = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(refusal({ plan: 'Limite do plano' }))
      .mockResolvedValueOnce({})
    render(<TestForm save={save} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Limite do plano')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Teste salvo'))
    expect(screen.queryByText('Limite do plano')).not.toBeInTheDocument()
  })

  it('toasts an unreachable server’s message, and a stranger failure with “Tente novamente.”', async () => {
    const offline = new ApiError({ status: 0, code: 'network', message: 'Não foi possível conectar ao servidor.' })
    const { unmount } = render(<TestForm save={() => Promise.reject(offline)} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Não foi possível conectar ao servidor.'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    unmount()

    render(<TestForm save={() => Promise.reject(new TypeError('boom'))} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(failure).toHaveBeenLastCalledWith('Não foi possível salvar o teste. Tente novamente.'))
  })

  it('says a refusal without a message with `failure`, under `failureTitle` when given', async () => {
    const save = () => Promise.reject(new ApiError({ status: 409, code: 'conflict', message: '' }))
    render(<TestForm save={save} options={{ failureTitle: 'Operação Bloqueada' }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Operação Bloqueada', { description: 'Não foi possível salvar o teste.' }),
    )
  })

  it('inline: shows a refusal above the form instead of toasting it', async () => {
    const save = () => Promise.reject(new ApiError({ status: 409, code: 'conflict', message: 'Telefone já usado' }))
    render(<TestForm save={save} options={{ inline: true }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Telefone já usado')
    expect(failure).not.toHaveBeenCalled()
  })

  it('leaves an error `handle` takes to the form, and tells onFieldErrors the named paths', async () => {
    const onFieldErrors = vi.fn()
    const handle = vi.fn((error: unknown) => error instanceof ApiError && error.code === 'conflict')
    const conflict = new ApiError({ status: 409, code: 'conflict', message: 'Horário ocupado' })
    const save = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(conflict)
      .mockRejectedValueOnce(refusal({ name: 'Nome obrigatório' }))
    render(<TestForm save={save} handle={handle} options={{ onFieldErrors }} />)

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(handle).toHaveBeenCalledWith(conflict))
    expect(failure).not.toHaveBeenCalled()
    expect(console.error).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(onFieldErrors).toHaveBeenCalledWith(['name']))
    expect(failure).toHaveBeenCalledWith('Confira os dados.')
    expect(console.error).toHaveBeenCalledWith('Erro ao salvar teste', expect.any(ApiError))
  })
})
