import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { Client } from '@/features/clients/api/get-clients'
import { apiError, type Call, json } from '@/test/api-mock'
import { appointmentFixture, professionals, services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const maria: Client = {
  phone: '+5511912345678',
  name: 'Maria Souza',
  appointmentCount: 18,
  completedAppointments: 16,
  totalSpent: 123450,
  completionRate: 89,
  lastVisit: '2099-02-20',
  loyaltyLevel: 'Ouro',
  level: { name: 'Ouro', color: '#854D0E', bgColor: '#FEF9C3', minAppointments: 16, minValue: 50000, icon: 'star' },
  nextMilestone: { level: 'Diamante', missingVisits: 14, missingValue: 0, text: 'Próximo nível: faltam 14 visitas' },
}
const joao: Client = {
  phone: '+5521987654321',
  name: 'João Pedro',
  appointmentCount: 1,
  completedAppointments: 0,
  totalSpent: 0,
  completionRate: 0,
  lastVisit: '',
  loyaltyLevel: 'Bronze',
  level: { name: 'Bronze', color: '#92400E', bgColor: '#FEF3C7', minAppointments: 1, minValue: 0, icon: 'medal' },
  nextMilestone: { level: 'Prata', missingVisits: 6, missingValue: 20000, text: 'Próximo nível: faltam 6 visitas ou R$ 200,00' },
}

function open(path: string, routes: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn({
    'GET /api/v1/services': json(200, services),
    'GET /api/v1/professionals': json(200, professionals),
    'GET /api/v1/clients': (call: Call) => {
      const q = (call.query.q ?? '').toLowerCase()
      const items = [maria, joao].filter((c) => c.name.toLowerCase().includes(q))
      return json(200, { items, total: items.length })
    },
    ...routes,
  })
  const app = renderApp(path)
  return { ...api, ...app, user: userEvent.setup() }
}

describe('Clientes', { timeout: 20_000 }, () => {
  it('lists clients with their figures, loyalty and a link to their page', async () => {
    open('/dashboard/clients')
    const row = (await screen.findByRole('link', { name: 'Maria Souza' })).closest('tr')
    expect(row).not.toBeNull()
    const cells = within(row!).getAllByRole('cell').map((c) => c.textContent)
    expect(cells).toEqual(['Maria Souza(11) 91234-5678', '18', '16', 'R$\u00a01.234,50', '89%', '20/02/2099', 'Nível Ouro'])
    expect(screen.getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/dashboard/clients/5511912345678')
    const joaoRow = screen.getByRole('link', { name: 'João Pedro' }).closest('tr')!
    expect(within(joaoRow).getAllByRole('cell')[5]).toHaveTextContent('—')
  })

  it('searches and sorts on the server, from the first page', async () => {
    const { user, callsTo } = open('/dashboard/clients')
    await screen.findByRole('link', { name: 'João Pedro' })
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'mar')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'João Pedro' })).not.toBeInTheDocument())
    expect(callsTo('GET /api/v1/clients').at(-1)?.query).toMatchObject({ q: 'mar', sort: 'name', offset: '0' })
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Maior valor gasto')
    await waitFor(() => expect(callsTo('GET /api/v1/clients').at(-1)?.query.sort).toBe('spent'))
  })

  it("shows a client's history, WhatsApp and rewrites their phone on every appointment", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const history = [
      appointmentFixture({ id: 'a2', date: '2099-03-14', status: 'confirmed' }),
      appointmentFixture({ id: 'a1', date: '2099-02-20', professionalId: 'p2', status: 'completed', paymentMethod: 'pix' }),
    ]
    const { user, callsTo, router } = open('/dashboard/clients/5511912345678', {
      'GET /api/v1/clients/5511912345678': json(200, { ...maria, appointments: history }),
      'GET /api/v1/clients/5511977776666': json(200, { ...maria, phone: '+5511977776666', appointments: history }),
      'PUT /api/v1/clients/%2B5511912345678': (call: Call, index) =>
        index === 0
          ? apiError(422, 'invalid', 'Dados inválidos', { fields: { phone: 'Informe um telefone válido' } })
          : json(200, { ...maria, ...(call.body as object) }),
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Souza' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Maria Souza' })).toHaveTextContent('Nível Ouro')
    const historyList = screen.getByRole('heading', { name: /Histórico/ }).nextElementSibling as HTMLElement
    expect(within(historyList).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Sáb 14/03/2099 às 14:00Corte com Ana LimaConfirmadoR$\u00a050,00',
      'Sex 20/02/2099 às 14:00Corte com Bruno Alves · PixConcluídoR$\u00a050,00',
    ])
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' })
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/5511912345678?text=${encodeURIComponent('Olá, Maria! Aqui é do Salão Bela Vida.')}`,
    )

    await user.click(screen.getByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' })
    expect(dialog).toHaveTextContent('todos os 18 agendamentos deste cliente')
    const phone = within(dialog).getByLabelText('Telefone (WhatsApp)')
    await user.clear(phone)
    await user.type(phone, '+55 11 97777-6666')
    expect(phone).toHaveValue('(11) 97777-6666')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe um telefone válido')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Cliente atualizado')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/clients/%2B5511912345678')[1]?.body).toEqual({ name: 'Maria Souza', phone: '+5511977776666' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clients/5511977776666'))
  })

  it('refuses an empty name or a foreign phone before saving', async () => {
    const { user, callsTo } = open('/dashboard/clients/5511912345678', {
      'GET /api/v1/clients/5511912345678': json(200, { ...maria, appointments: [appointmentFixture()] }),
    })
    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' })
    await user.clear(within(dialog).getByLabelText('Nome'))
    await user.clear(within(dialog).getByLabelText('Telefone (WhatsApp)'))
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '1234')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe o nome do cliente')).toBeInTheDocument()
    expect(within(dialog).getByText('Informe um telefone com DDD, como (11) 91234-5678')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/clients/%2B5511912345678')).toHaveLength(0)
  })
})
