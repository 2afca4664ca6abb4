import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'

import { Button } from './button'
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog'
import { FormDialog } from './form-dialog'
import { useDiscardGuard } from './use-discard-guard'

/** A client form in a FormDialog, as the dashboard's are: it reports its changes and saves. */
function ClientForm({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { isDirty },
  } = useForm({ defaultValues: { name: 'Ana Lima', phone: '' } })
  const leave = useDiscardGuard(isDirty)
  return (
    <form onSubmit={handleSubmit(() => onDone())}>
      <label>
        Nome
        <input {...register('name')} />
      </label>
      <label>
        Telefone
        <input {...register('phone')} />
      </label>
      <Button type="button" onClick={() => leave(onBack)}>
        Voltar
      </Button>
      <DialogClose asChild>
        <Button variant="outline">Cancelar</Button>
      </DialogClose>
      <Button type="submit">Salvar</Button>
    </form>
  )
}

function Page({ onBack = () => {} }: { onBack?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Editar cliente
      </button>
      <FormDialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Editar cliente</DialogTitle>
          <DialogDescription>Nome e telefone.</DialogDescription>
          <ClientForm onDone={() => setOpen(false)} onBack={onBack} />
        </DialogContent>
      </FormDialog>
    </>
  )
}

async function openForm() {
  // Radix turns pointer events off around a modal dialog; a tap on the dimmed page still lands.
  const user = userEvent.setup({ pointerEventsCheck: 0 })
  render(<Page />)
  await user.click(screen.getByRole('button', { name: 'Editar cliente' }))
  const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' })
  return { user, dialog }
}

const prompt = () => screen.queryByRole('alertdialog', { name: 'Descartar alterações?' })

describe('a form dialog', () => {
  it('closes at once on Escape when nothing was changed, and gives focus back', async () => {
    const { user } = await openForm()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(prompt()).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar cliente' })).toHaveFocus()
  })

  it('closes at once when a change was undone', async () => {
    const { user, dialog } = await openForm()
    const name = within(dialog).getByLabelText('Nome')
    await user.type(name, 'x')
    await user.type(name, '{Backspace}')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(prompt()).not.toBeInTheDocument()
  })

  it("asks on Escape after a change; 'Continuar editando' goes back to the form as it was", async () => {
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Telefone'), '11912345678')
    await user.keyboard('{Escape}')

    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    expect(ask).toHaveAccessibleDescription('O que você preencheu ainda não foi salvo e será perdido.')
    expect(within(ask).getByRole('button', { name: 'Continuar editando' })).toHaveFocus()
    expect(dialog).toBeInTheDocument()

    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(prompt()).not.toBeInTheDocument())
    const phone = within(screen.getByRole('dialog', { name: 'Editar cliente' })).getByLabelText('Telefone')
    expect(phone).toHaveValue('11912345678')
    await waitFor(() => expect(phone).toHaveFocus())
  })

  it('takes Escape on the prompt as going back to the form', async () => {
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Nome'), ' Souza')
    await user.keyboard('{Escape}')
    await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(prompt()).not.toBeInTheDocument())
    expect(within(screen.getByRole('dialog', { name: 'Editar cliente' })).getByLabelText('Nome')).toHaveValue('Ana Lima Souza')
  })

  it("asks on the X; 'Descartar' closes, gives focus back to the opener and forgets the changes", async () => {
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Nome'), ' Souza')
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    await user.click(within(ask).getByRole('button', { name: 'Descartar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(prompt()).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Editar cliente' })).toHaveFocus())

    await user.click(screen.getByRole('button', { name: 'Editar cliente' }))
    const again = await screen.findByRole('dialog', { name: 'Editar cliente' })
    expect(within(again).getByLabelText('Nome')).toHaveValue('Ana Lima')
    // Nothing changed in the new one: it closes at once.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("asks on 'Cancelar' and on a tap outside", async () => {
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Nome'), ' Souza')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(prompt()).not.toBeInTheDocument())

    const overlay = document.querySelector('[data-slot="dialog-overlay"]')
    if (!overlay) throw new Error('no overlay')
    await user.click(overlay)
    await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    expect(dialog).toBeInTheDocument()
  })

  it('closes without asking when the form is saved', async () => {
    const { user, dialog } = await openForm()
    await user.type(within(dialog).getByLabelText('Nome'), ' Souza')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(prompt()).not.toBeInTheDocument()
  })

  it("guards the form's own way back too", async () => {
    const onBack = vi.fn()
    const user = userEvent.setup()
    render(<Page onBack={onBack} />)
    await user.click(screen.getByRole('button', { name: 'Editar cliente' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' })
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    expect(onBack).toHaveBeenCalledTimes(1)

    await user.type(within(dialog).getByLabelText('Nome'), ' Souza')
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    expect(onBack).toHaveBeenCalledTimes(1)
    await user.click(within(ask).getByRole('button', { name: 'Descartar' }))
    expect(onBack).toHaveBeenCalledTimes(2)
    // Going back is not closing: the dialog stays.
    expect(screen.getByRole('dialog', { name: 'Editar cliente' })).toBeInTheDocument()
  })
})
