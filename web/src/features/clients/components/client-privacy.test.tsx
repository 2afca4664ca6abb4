import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { apiError, json, mockApi } from '@/test/api-mock'

import type { Client } from '../api/get-clients'
import { ClientPrivacy } from './client-privacy'

const maria: Client = {
  phone: '+5511955554444',
  name: 'Maria Aparecida dos Santos Oliveira',
  registered: false,
  birthday: '',
  tags: [],
  appointmentCount: 4,
  completedAppointments: 3,
  totalSpent: 13770,
  completionRate: 75,
  lastVisit: '2026-11-13',
  loyaltyLevel: '',
  level: null,
  nextMilestone: null,
}

function renderPrivacy(client: Client, onAnonymized = vi.fn()) {
  const queryClient = createQueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <ClientPrivacy client={client} onAnonymized={onAnonymized} />
    </QueryClientProvider>,
  )
  return onAnonymized
}

afterEach(() => vi.unstubAllGlobals())

describe('a client’s LGPD requests', () => {
  it('anonymises only after a dialog that says what goes, what stays and that it cannot be undone', async () => {
    const user = userEvent.setup()
    const done = { phone: 'anon-qwertyuiopas', name: 'Cliente removido', appointments: 4, trash: 1 }
    const api = mockApi({ 'POST /api/v1/clients/5511955554444/anonymize': json(200, done) })
    const onAnonymized = renderPrivacy(maria)

    await user.click(screen.getByRole('button', { name: 'Anonimizar cliente' }))
    const dialog = screen.getByRole('alertdialog', { name: `Anonimizar ${maria.name}?` })
    expect(dialog).toHaveTextContent('todos os 4 agendamentos')
    expect(dialog).toHaveTextContent('o nome vira Cliente removido')
    expect(dialog).toHaveTextContent('Datas, serviços, valores e status continuam')
    expect(dialog).toHaveTextContent('Não é possível desfazer.')
    expect(api.calls).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar' }))
    await vi.waitFor(() => expect(onAnonymized).toHaveBeenCalledWith(done))
    expect(api.callsTo('POST /api/v1/clients/5511955554444/anonymize')).toHaveLength(1)
  })

  it('shows the server’s refusal in the dialog and changes nothing', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/v1/clients/5511955554444/anonymize': apiError(404, 'not_found', 'Nenhum agendamento com este telefone: nada foi alterado'),
    })
    const onAnonymized = renderPrivacy(maria)
    await user.click(screen.getByRole('button', { name: 'Anonimizar cliente' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nenhum agendamento com este telefone: nada foi alterado')
    expect(onAnonymized).not.toHaveBeenCalled()
  })

  it('offers no second erasure of an anonymised client, only the export', () => {
    mockApi({})
    renderPrivacy({ ...maria, phone: 'anon-qwertyuiopas', name: 'Cliente removido' })
    expect(screen.queryByRole('button', { name: 'Anonimizar cliente' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Exportar dados (planilha)' })).toBeEnabled()
    expect(screen.getByText(/foram removidos a pedido/)).toBeInTheDocument()
  })

  it('downloads the export as a file', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/v1/clients/5511955554444/export.csv': () =>
        new Response('\ufeffCliente;Telefone\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename=agendo-cliente-5511955554444.csv' },
        }),
    })
    const createObjectURL = vi.fn(() => 'blob:x')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPrivacy(maria)
    await user.click(screen.getByRole('button', { name: 'Exportar dados (planilha)' }))
    await vi.waitFor(() => expect(click).toHaveBeenCalled())
    expect(api.callsTo('GET /api/v1/clients/5511955554444/export.csv')).toHaveLength(1)
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('agendo-cliente-5511955554444.csv')
    click.mockRestore()
  })
})
