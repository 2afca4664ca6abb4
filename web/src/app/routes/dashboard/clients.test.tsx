import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { Client } from '@/features/clients/api/get-clients'
import { handleLiveEvent } from '@/lib/live-updates'
import { apiError, type Call, json } from '@/test/api-mock'
import { appointmentFixture, professionals, services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const maria: Client = {
  phone: '+5511912345678',
  name: 'Maria Souza',
  registered: false,
  birthday: '',
  tags: [],
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
  registered: false,
  birthday: '',
  tags: [],
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
  const noConsent = { granted: false, history: [], text: 'Aceito receber novidades.', textVersion: '1' }
  const noRewards = { earned: [], cards: [], redemptions: [] }
  const api = signedIn({
    'GET /api/v1/promotions': json(200, []),
    'GET /api/v1/clients/5511912345678/consent': json(200, noConsent),
    'GET /api/v1/clients/5511912345678/rewards': json(200, noRewards),
    'GET /api/v1/clients/5521987654321/consent': json(200, noConsent),
    'GET /api/v1/clients/5521987654321/rewards': json(200, noRewards),
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
  it('adds a client by hand and shows her record: notes first, birthday with the age, tags', async () => {
    const juliana = {
      ...joao,
      phone: '+5511912340000',
      name: 'Juliana Albuquerque de Vasconcelos',
      registered: true,
      appointmentCount: 0,
      level: null,
      nextMilestone: null,
      record: { phone2: '+551134561234', email: 'ju@example.com', birthday: '1985-03-15', notes: 'Alérgica a amônia', tags: ['VIP', 'noiva'] },
      appointments: [],
    }
    const { user, callsTo, router } = open('/dashboard/clients', {
      'POST /api/v1/clients': (_call: Call, index) =>
        index === 0
          ? json(422, { error: { code: 'invalid', message: 'Já existe um cliente com este telefone', fields: { phone: 'Já existe um cliente com este telefone' } } })
          : json(201, juliana),
      'GET /api/v1/clients/5511912340000': json(200, juliana),
      'GET /api/v1/clients/5511912340000/consent': json(200, { granted: false, history: [], text: 'Aceito.', textVersion: '1' }),
      'GET /api/v1/clients/5511912340000/rewards': json(200, { earned: [], cards: [], redemptions: [] }),
    })
    await user.click(await screen.findByRole('button', { name: 'Novo cliente' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo cliente' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Juliana Albuquerque de Vasconcelos')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '91234-0000')
    await user.type(within(dialog).getByLabelText(/Aniversário/), '15/03/1985')
    await user.type(within(dialog).getByLabelText(/Observações/), 'Alérgica a amônia')
    await user.type(within(dialog).getByLabelText(/Etiquetas/), 'VIP, noiva,')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Já existe um cliente com este telefone')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clients/5511912340000'))
    expect(callsTo('POST /api/v1/clients')[1]?.body).toEqual({
      name: 'Juliana Albuquerque de Vasconcelos',
      phone: '(91) 2340-000', // the mask's; the server reads 9 digits as a number without DDD
      phone2: '',
      email: '',
      birthday: '15/03/1985',
      notes: 'Alérgica a amônia',
      tags: ['VIP', 'noiva'],
    })
    const record = await screen.findByRole('region', { name: 'Ficha' })
    expect(within(record).getByText('Alérgica a amônia')).toBeInTheDocument()
    expect(within(record).getByText(/^15\/03\/1985 · \d+ anos$/)).toBeInTheDocument()
    expect(within(record).getByText('(11) 3456-1234')).toBeInTheDocument()
    expect(within(within(record).getByRole('list', { name: 'Etiquetas' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['VIP', 'noiva'])
    expect(screen.getByText(/Nenhum agendamento ainda/)).toBeInTheDocument()
    expect(within(record).getByRole('button', { name: 'Excluir cliente' })).toBeInTheDocument()
  })

  it('lists clients with their figures, loyalty and a link to their page', async () => {
    open('/dashboard/clients')
    const row = (await screen.findByRole('link', { name: 'Maria Souza' })).closest('tr')
    expect(row).not.toBeNull()
    const cells = within(row!).getAllByRole('cell').map((c) => c.textContent)
    expect(cells).toEqual(['Maria Souza(11) 91234-5678', '18', '16', 'R$\u00a01.234,50', '89%', '20/02/2099', 'Nível OuroPróximo nível: faltam 14 visitas'])
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
    expect(callsTo('PUT /api/v1/clients/%2B5511912345678')[1]?.body).toEqual({
      name: 'Maria Souza',
      phone: '+5511977776666',
      phone2: '',
      email: '',
      birthday: '',
      notes: '',
      tags: [],
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clients/5511977776666'))
  })

  it('after anonymising, shows the anonymous client and asks nothing more of the old phone', async () => {
    const history = [appointmentFixture({ id: 'a1', date: '2099-02-20', status: 'completed' })]
    const done = { phone: 'anon-qwertyuiopas', name: 'Cliente removido', appointments: 1, trash: 0 }
    let answer: (r: Response) => void = () => {}
    const { user, callsTo, router, queryClient } = open('/dashboard/clients/5511912345678', {
      'GET /api/v1/clients/5511912345678': json(200, { ...maria, appointments: history }),
      'GET /api/v1/clients/5511912345678/consent': json(200, { granted: false, history: [], text: 'Aceito receber novidades.', textVersion: '1' }),
      'GET /api/v1/clients/5511912345678/rewards': json(200, { earned: [], cards: [], redemptions: [] }),
      'POST /api/v1/clients/5511912345678/anonymize': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/v1/clients/anon-qwertyuiopas': json(200, { ...maria, ...done, appointments: history }),
      'GET /api/v1/clients/anon-qwertyuiopas/consent': json(200, { granted: false, history: [], text: 'Aceito receber novidades.', textVersion: '1' }),
      'GET /api/v1/clients/anon-qwertyuiopas/rewards': json(200, { earned: [], cards: [], redemptions: [] }),
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Souza' })).toBeInTheDocument()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await user.click(screen.getByRole('button', { name: 'Anonimizar cliente' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Anonimizar' }))
    // The server's event about the change arrives before its answer, as it may on the stream.
    await waitFor(() => expect(callsTo('POST /api/v1/clients/5511912345678/anonymize')).toHaveLength(1))
    handleLiveEvent(queryClient, { event: 'client.updated', data: JSON.stringify({ type: 'client.updated', id: done.phone }), id: '' })
    answer(json(200, done))

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clients/anon-qwertyuiopas'))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cliente removido' })).toBeInTheDocument()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    // The old phone names nobody now: each of its queries was asked once, before, and is gone.
    for (const path of ['', '/consent', '/rewards']) {
      expect(callsTo(`GET /api/v1/clients/5511912345678${path}`), path).toHaveLength(1)
    }
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[2] === '5511912345678' })).toEqual([]),
    )
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

describe('a client’s loyalty', { timeout: 20_000 }, () => {
  const earned = {
    promotionId: 'pr1',
    promotionName: 'Cartão Fidelidade Escova Progressiva Premium',
    reward: 'Escova grátis',
    card: {
      phone: '+5511912345678',
      name: 'Maria Souza',
      appointments: 10,
      value: 50000,
      earned: true,
      earnedOn: '2099-02-20',
      expiresOn: '',
      missingVisits: 0,
      missingValue: 0,
      oneVisitAway: false,
      lastVisit: '2099-02-20',
    },
  }
  const progressing = {
    ...earned,
    promotionId: 'pr2',
    promotionName: 'Clube da Hidratação',
    reward: 'Hidratação',
    card: { ...earned.card, appointments: 3, value: 42000, earned: false, earnedOn: '', missingValue: 8000 },
  }
  const used = {
    id: 'r0',
    promotionId: 'pr1',
    promotionName: 'Cartão Fidelidade Escova Progressiva Premium',
    clientPhone: '+5511912345678',
    appointmentId: null,
    reward: 'Escova grátis',
    createdAt: '2099-01-05T15:00:00Z',
  }
  const promotion = (id: string, type: 'count' | 'value', target: number) => ({
    id,
    name: '',
    type,
    targetCount: type === 'count' ? target : 0,
    targetValue: type === 'value' ? target : 0,
    serviceId: null,
    reward: '',
    startDate: null,
    endDate: null,
    validDays: 0,
    isActive: true,
    createdAt: '',
    earned: 0,
    oneVisitAway: 0,
  })

  it('shows the level in its colours, the next milestone, the rewards to use, the cards and the rewards used', async () => {
    let redeemed = false
    const { user, callsTo } = open('/dashboard/clients/5511912345678', {
      'GET /api/v1/clients/5511912345678': json(200, { ...maria, appointments: [appointmentFixture()] }),
      'GET /api/v1/clients/5511912345678/rewards': () =>
        json(200, {
          earned: redeemed ? [] : [earned],
          cards: redeemed ? [progressing] : [earned, progressing],
          redemptions: redeemed ? [{ ...used, id: 'r1', createdAt: '2099-03-14T15:00:00Z' }, used] : [used],
        }),
      'GET /api/v1/promotions': json(200, [promotion('pr1', 'count', 10), promotion('pr2', 'value', 50000)]),
      'POST /api/v1/promotions/pr1/redemptions': () => {
        redeemed = true
        return json(201, { ...used, id: 'r1' })
      },
      'DELETE /api/v1/redemptions/r1': () => {
        redeemed = false
        return json(204)
      },
    })
    const header = await screen.findByRole('region', { name: 'Maria Souza' })
    const badge = within(header).getByText('Ouro').closest('[data-slot="level-badge"]')
    expect(badge).toHaveStyle({ color: 'rgb(133, 77, 14)', backgroundColor: 'rgb(254, 249, 195)' })
    expect(header).toHaveTextContent('Próximo nível: faltam 14 visitas')

    const loyalty = await screen.findByRole('region', { name: 'Fidelidade' })
    const reward = within(loyalty).getByRole('article', { name: 'Cliente ganhou: Escova grátis' })
    expect(reward).toHaveTextContent('Cartão Fidelidade Escova Progressiva Premium · ganhou em 20/02/2099')
    expect(within(reward).getByRole('link', { name: 'Parabenizar no WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent('Olá, Maria! Você ganhou Escova grátis no Salão Bela Vida 🎉'),
    )
    const cards = within(loyalty).getByRole('list', { name: 'Cartões em andamento' })
    expect(cards).toHaveTextContent('Clube da Hidratação')
    await waitFor(() => expect(cards).toHaveTextContent(/R\$\s420,00 de R\$\s500,00/))
    expect(cards).toHaveTextContent(/Faltam R\$\s80,00 para ganhar Hidratação/)
    expect(loyalty).toHaveTextContent(/Prêmios usados.*Escova grátis · Cartão Fidelidade Escova Progressiva Premium05\/01\/2099/)

    await user.click(within(reward).getByRole('button', { name: 'Marcar como usado' }))
    expect(await screen.findByText('Prêmio registrado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/promotions/pr1/redemptions')[0]?.body).toEqual({ clientPhone: '5511912345678' })
    await waitFor(() => expect(within(loyalty).queryByRole('article')).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(await screen.findByText('Uso do prêmio desfeito')).toBeInTheDocument()
    expect(await within(loyalty).findByRole('article', { name: 'Cliente ganhou: Escova grátis' })).toBeInTheDocument()
  })

  it('says when the client has no loyalty card yet', async () => {
    open('/dashboard/clients/5521987654321', {
      'GET /api/v1/clients/5521987654321': json(200, { ...joao, level: null, appointments: [appointmentFixture()] }),
      'GET /api/v1/clients/5521987654321/rewards': json(200, { earned: [], cards: [], redemptions: [] }),
      'GET /api/v1/promotions': json(200, []),
    })
    const loyalty = await screen.findByRole('region', { name: 'Fidelidade' })
    expect(loyalty).toHaveTextContent('Nenhum cartão fidelidade em andamento.')
    expect(screen.getByRole('region', { name: 'João Pedro' })).not.toHaveTextContent('Nível')
  })
})
