import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { apiError, json, mockApi } from '@/test/api-mock'

import { AccountData } from './account-data'

function renderAccount() {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AccountData />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const none = { pending: false, requestedAt: null, deleteAfter: null }

afterEach(() => vi.unstubAllGlobals())

describe('the owner’s data in Configurações', () => {
  it('asks for the password, says what goes and when, and shows a wrong password in the dialog', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/account/deletion': json(200, none),
      'POST /api/v1/account/deletion': apiError(422, 'invalid', 'Senha incorreta', { fields: { password: 'Senha incorreta' } }),
    })
    renderAccount()
    await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir sua conta?' })
    expect(dialog).toHaveTextContent('Em 7 dias')
    expect(dialog).toHaveTextContent('entrar de novo cancela a exclusão')
    const confirm = within(dialog).getByRole('button', { name: 'Excluir em 7 dias' })
    expect(confirm).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Sua senha'), 'errada-errada')
    await user.click(confirm)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Senha incorreta')
    expect(api.callsTo('POST /api/v1/account/deletion')[0]?.body).toEqual({ password: 'errada-errada' })
  })

  it('shows a pending deletion with its date and keeps the account on request', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/account/deletion': json(200, {
        pending: true,
        requestedAt: '2026-11-23T12:00:00Z',
        deleteAfter: '2026-11-30T12:00:00Z',
      }),
      'DELETE /api/v1/account/deletion': json(204),
    })
    renderAccount()
    expect(await screen.findByText(/Sua conta será excluída em 30\/11\/2026/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Excluir minha conta' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Manter minha conta' }))
    expect(await screen.findByRole('button', { name: 'Excluir minha conta' })).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/v1/account/deletion')).toHaveLength(1)
  })
})
