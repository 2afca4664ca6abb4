import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { Gamification } from '@/features/promotions/api/get-gamification'
import type { Progress } from '@/features/promotions/api/get-promotion-clients'
import type { PromotionSummary } from '@/features/promotions/api/get-promotions'
import { apiError, type Call, json } from '@/test/api-mock'
import { services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const escova: PromotionSummary = {
  id: 'pr1',
  name: 'Cartão Fidelidade Escova Progressiva Premium',
  type: 'count',
  targetCount: 10,
  targetValue: 0,
  serviceId: 's1',
  reward: 'Escova grátis',
  startDate: null,
  endDate: null,
  validDays: 30,
  isActive: true,
  createdAt: '2026-03-01T12:00:00Z',
  earned: 12,
  oneVisitAway: 8,
}
const hidratacao: PromotionSummary = {
  ...escova,
  id: 'pr2',
  name: 'Clube da Hidratação',
  type: 'value',
  targetCount: 0,
  targetValue: 50000,
  serviceId: null,
  reward: 'Hidratação',
  startDate: '2026-03-01',
  endDate: '2026-06-30',
  validDays: 0,
  earned: 1,
  oneVisitAway: 0,
}

function card(overrides: Partial<Progress>): Progress {
  return {
    phone: '+5511912345678',
    name: 'Maria Aparecida dos Santos Albuquerque',
    appointments: 10,
    value: 50000,
    earned: true,
    earnedOn: '2026-03-10',
    expiresOn: '2026-04-09',
    missingVisits: 0,
    missingValue: 0,
    oneVisitAway: false,
    lastVisit: '2026-03-10',
    ...overrides,
  }
}
const cards: Progress[] = [
  card({}),
  card({ phone: '+5521987654321', name: 'João Pedro', appointments: 9, earned: false, earnedOn: '', expiresOn: '', missingVisits: 1, oneVisitAway: true }),
  card({ phone: '+5511933334444', name: 'Beatriz Lima', appointments: 3, earned: false, earnedOn: '', expiresOn: '', missingVisits: 7 }),
]

const gamification: Gamification = {
  enabled: true,
  showLoyaltyLevel: true,
  showTotalSpent: false,
  showCompletionRate: false,
  showPromotions: true,
  showNextMilestone: true,
  levels: [
    { name: 'Bronze', color: '#92400E', bgColor: '#FEF3C7', minAppointments: 1, minValue: 0, icon: 'medal' },
    { name: 'Prata', color: '#374151', bgColor: '#F3F4F6', minAppointments: 6, minValue: 20000, icon: 'award' },
  ],
}

async function open(path: string, routes: Parameters<typeof signedIn>[0] = {}, list: PromotionSummary[] = [escova, hidratacao]) {
  const api = signedIn({
    'GET /api/v1/services': json(200, services),
    'GET /api/v1/promotions': () => json(200, list),
    'GET /api/v1/gamification': json(200, gamification),
    ...routes,
  })
  const app = renderApp(path)
  await screen.findByRole('heading', { level: 1 })
  return { ...api, ...app, user: userEvent.setup() }
}

describe('Promoções', { timeout: 20_000 }, () => {
  it('teaches what a loyalty card is when there is none, and creates one by visits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let list: PromotionSummary[] = []
    const { user, callsTo } = await open(
      '/dashboard/promotions',
      {
        'GET /api/v1/promotions': () => json(200, list),
        'POST /api/v1/promotions': (call: Call, index) => {
          if (index === 0) return apiError(422, 'invalid', 'Dados inválidos', { fields: { reward: 'Diga qual é o prêmio (até 80 caracteres)' } })
          list = [{ ...escova, ...(call.body as object), id: 'pr9', earned: 0, oneVisitAway: 0 }]
          return json(201, list[0])
        },
      },
      [],
    )
    expect(await screen.findByRole('heading', { name: 'Crie um cartão fidelidade' })).toBeInTheDocument()
    expect(screen.getByText(/A cada 10 cortes, 1 escova grátis/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Nova promoção' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nova promoção' })
    expect(within(dialog).getByRole('radio', { name: 'Por visitas' })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: 'Por valor gasto' })).toHaveAccessibleDescription(/R\$ 500,00 = 1 hidratação/)
    await user.type(within(dialog).getByLabelText('Nome da promoção'), 'Cartão fidelidade')
    await user.clear(within(dialog).getByLabelText('Visitas para ganhar'))
    await user.type(within(dialog).getByLabelText('Visitas para ganhar'), '3')
    await user.selectOptions(within(dialog).getByLabelText('Serviço que conta'), 'Corte')
    await user.type(within(dialog).getByLabelText('Prêmio'), 'Escova grátis')
    expect(within(dialog).getByText('3 visitas de Corte = Escova grátis')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Validade do prêmio'), '30 dias')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    // The server's words go next to the field.
    expect(await within(dialog).findByText('Diga qual é o prêmio (até 80 caracteres)')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Prêmio')).toHaveAttribute('aria-invalid', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Promoção criada')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/promotions')[1]?.body).toEqual({
      name: 'Cartão fidelidade',
      type: 'count',
      targetCount: 3,
      targetValue: 0,
      serviceId: 's1',
      reward: 'Escova grátis',
      startDate: null,
      endDate: null,
      validDays: 30,
      isActive: true,
    })
    expect(await screen.findByRole('article', { name: 'Cartão fidelidade' })).toHaveTextContent('Ninguém ganhou ainda')
  })

  it('creates a card by value spent, in reais, with a period and no service', async () => {
    const { user, callsTo } = await open('/dashboard/promotions', {
      'POST /api/v1/promotions': (call: Call) => json(201, { ...escova, ...(call.body as object), id: 'pr9' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Nova promoção' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nova promoção' })
    await user.click(within(dialog).getByRole('radio', { name: 'Por valor gasto' }))
    expect(within(dialog).queryByLabelText('Serviço que conta')).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Nome da promoção'), 'Clube')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe quanto o cliente precisa gastar, como 500,00')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Valor gasto para ganhar'), '1500')
    await user.tab()
    expect(within(dialog).getByLabelText('Valor gasto para ganhar')).toHaveValue('1.500,00')
    await user.type(within(dialog).getByLabelText('Prêmio'), 'Hidratação')
    fireEvent.change(within(dialog).getByLabelText('Início'), { target: { value: '2026-03-10' } })
    fireEvent.change(within(dialog).getByLabelText('Fim'), { target: { value: '2026-03-01' } })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('O fim não pode ser antes do início')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Fim'), { target: { value: '2026-06-30' } })
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Promoção criada')
    expect(callsTo('POST /api/v1/promotions')[0]?.body).toMatchObject({
      type: 'value',
      targetCount: 0,
      targetValue: 150000,
      serviceId: null,
      startDate: '2026-03-10',
      endDate: '2026-06-30',
      validDays: 0,
    })
  })

  it('shows each card with how it stands, pauses it with the switch, edits and deletes it after asking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let list = [escova, hidratacao]
    const { user, callsTo } = await open('/dashboard/promotions', {
      'GET /api/v1/promotions': () => json(200, list),
      'PUT /api/v1/promotions/pr1': (call: Call) => json(200, { ...escova, ...(call.body as object) }),
      'DELETE /api/v1/promotions/pr2': () => {
        list = [escova]
        return json(204)
      },
    })
    const first = await screen.findByRole('article', { name: escova.name })
    expect(first).toHaveTextContent('10 visitas de Corte = Escova grátis')
    expect(within(first).getByRole('link', { name: `Ver clientes de ${escova.name}: 12 clientes ganharam · 8 a uma visita` })).toHaveAttribute(
      'href',
      '/dashboard/promotions/pr1',
    )
    expect(first).toHaveTextContent('O prêmio vale 30 dias depois de ganho')
    const second = screen.getByRole('article', { name: 'Clube da Hidratação' })
    expect(second).toHaveTextContent(/R\$\s500,00 em serviços = Hidratação/)
    expect(second).toHaveTextContent('1 cliente ganhou')
    expect(second).toHaveTextContent('De 01/03/2026 a 30/06/2026')

    await user.click(within(first).getByRole('switch', { name: `Ativa (${escova.name})` }))
    expect(await screen.findByText('Promoção pausada')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/promotions/pr1')[0]?.body).toMatchObject({ isActive: false, targetCount: 10, serviceId: 's1' })

    await user.click(within(first).getByRole('button', { name: `Editar ${escova.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar promoção' })
    expect(within(dialog).getByLabelText('Nome da promoção')).toHaveValue(escova.name)
    expect(within(dialog).getByLabelText('Validade do prêmio')).toHaveDisplayValue('30 dias')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))

    await user.click(within(second).getByRole('button', { name: 'Excluir Clube da Hidratação' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Excluir Clube da Hidratação?' })
    expect(ask).toHaveTextContent('prêmios já registrados')
    await user.click(within(ask).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Promoção excluída')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Clube da Hidratação' })).not.toBeInTheDocument())
    expect(callsTo('DELETE /api/v1/promotions/pr2')).toHaveLength(1)
  })

  it("lists a promotion's clients by who earned it, who is one visit away and everyone, in a period", async () => {
    const { user, callsTo } = await open('/dashboard/promotions/pr1', {
      'GET /api/v1/promotions/pr1/clients': (call: Call) =>
        json(200, { promotion: escova, cards: call.query.from ? cards.slice(2) : cards }),
    })
    expect(await screen.findByRole('heading', { level: 2, name: escova.name })).toBeInTheDocument()
    expect(screen.getByText('10 visitas de Corte = Escova grátis')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: escova.name })).toHaveTextContent('1 cliente ganhou · 1 a uma visita')
    const tab = (name: string) => screen.getByRole('tab', { name })
    expect(tab('Ganharam')).toHaveAttribute('aria-selected', 'true')
    const panel = () => screen.getByRole('tabpanel')
    const names = () => within(panel()).getAllByRole('listitem').map((li) => within(li).getAllByRole('link')[0]?.textContent)
    expect(names()).toEqual(['Maria Aparecida dos Santos Albuquerque'])
    const maria = within(panel()).getByRole('listitem')
    expect(maria).toHaveTextContent('Completo')
    expect(maria).toHaveTextContent('Ganhou em 10/03/2026')
    expect(maria).toHaveTextContent('Vale até 09/04/2026')
    expect(maria).toHaveTextContent('(11) 91234-5678')
    expect(within(maria).getByRole('link', { name: 'Maria Aparecida dos Santos Albuquerque' })).toHaveAttribute(
      'href',
      '/dashboard/clients/5511912345678',
    )
    expect(within(maria).getByRole('link', { name: 'Parabenizar no WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/5511912345678?text=${encodeURIComponent(
        'Olá, Maria! Você ganhou Escova grátis no Salão Bela Vida 🎉 Vale até 09/04/2026. Venha aproveitar!',
      )}`,
    )

    await user.click(tab('A uma visita'))
    expect(names()).toEqual(['João Pedro'])
    expect(within(panel()).getByRole('listitem')).toHaveTextContent('9 de 10 visitas')
    expect(within(panel()).getByRole('listitem')).toHaveTextContent('Falta 1 visita')
    expect(within(panel()).queryByRole('button', { name: 'Marcar prêmio como usado' })).not.toBeInTheDocument()
    await user.click(tab('Todos'))
    expect(names()).toEqual(['Maria Aparecida dos Santos Albuquerque', 'João Pedro', 'Beatriz Lima'])

    fireEvent.change(screen.getByLabelText('Visitas de'), { target: { value: '2026-03-10' } })
    fireEvent.change(screen.getByLabelText('até'), { target: { value: '2026-03-01' } })
    expect(await screen.findByText('O fim do período não pode ser antes do início')).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /api/v1/promotions/pr1/clients').at(-1)?.query).toEqual({ from: '2026-03-10' }))
    fireEvent.change(screen.getByLabelText('até'), { target: { value: '2026-03-31' } })
    await waitFor(() =>
      expect(callsTo('GET /api/v1/promotions/pr1/clients').at(-1)?.query).toEqual({ from: '2026-03-10', to: '2026-03-31' }),
    )
    await waitFor(() => expect(names()).toEqual(['Beatriz Lima']))
    await user.click(screen.getByRole('button', { name: 'Limpar período' }))
    await waitFor(() => expect(names()).toHaveLength(3))
  })

  it("marks a client's reward as used, offers Desfazer for 8 s, and reads the cards again", async () => {
    let used = false
    const { user, callsTo } = await open('/dashboard/promotions/pr1', {
      'GET /api/v1/promotions/pr1/clients': () => json(200, { promotion: escova, cards: used ? cards.slice(1) : cards }),
      'POST /api/v1/promotions/pr1/redemptions': (call: Call) => {
        used = true
        return json(201, { id: 'r1', promotionId: 'pr1', promotionName: escova.name, appointmentId: null, reward: 'Escova grátis', createdAt: '', ...(call.body as object) })
      },
      'DELETE /api/v1/redemptions/r1': () => {
        used = false
        return json(204)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Marcar prêmio como usado' }))
    expect(await screen.findByText('Prêmio registrado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/promotions/pr1/redemptions')[0]?.body).toEqual({ clientPhone: '+5511912345678' })
    const header = screen.getByRole('region', { name: escova.name })
    await waitFor(() => expect(header).toHaveTextContent('Ninguém ganhou ainda · 1 a uma visita'))
    expect(within(screen.getByRole('tabpanel')).queryByRole('listitem')).not.toBeInTheDocument()
    // fireEvent: sonner's swipe handler needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(await screen.findByText('Uso do prêmio desfeito')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/redemptions/r1')).toHaveLength(1)
    await waitFor(() => expect(header).toHaveTextContent('1 cliente ganhou · 1 a uma visita'))
  })

  it('says so when the promotion is gone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await open('/dashboard/promotions/pr7', {
      'GET /api/v1/promotions/pr7/clients': apiError(404, 'not_found', 'Não encontrado'),
    })
    expect(await screen.findByText('Esta promoção não existe mais. Ela pode ter sido excluída.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Todas as promoções' })).toHaveAttribute('href', '/dashboard/promotions')
  })
})

describe('Níveis de fidelidade', { timeout: 20_000 }, () => {
  it('explains what the client sees, edits the levels with a preview and saves them', async () => {
    const { user, callsTo } = await open('/dashboard/promotions', {
      'PUT /api/v1/gamification': (call: Call) => json(200, call.body),
    })
    await user.click(await screen.findByRole('tab', { name: 'Níveis' }))
    const form = await screen.findByRole('form', { name: 'Níveis de fidelidade' })
    expect(within(form).getByRole('switch', { name: 'Mostrar a fidelidade ao cliente' })).toBeChecked()
    const spent = within(form).getByRole('switch', { name: 'Total gasto' })
    expect(spent).not.toBeChecked()
    expect(spent).toHaveAccessibleDescription('Quanto o cliente já gastou na sua loja.')
    expect(within(form).getByRole('button', { name: 'Salvar níveis' })).toBeDisabled()

    // One row a level, with what reaches it; its fields open one level at a time.
    const prata = within(form).getByRole('listitem', { name: 'Nível 2: Prata' })
    expect(prata).toHaveTextContent('A partir de 6 visitas ou R$ 200,00')
    expect(within(form).queryByLabelText('Nome')).not.toBeInTheDocument()
    const edit = within(prata).getByRole('button', { name: 'Editar nível Prata' })
    await user.click(edit)
    expect(edit).toHaveAttribute('aria-expanded', 'true')
    expect(within(prata).getByLabelText(/^ou valor gasto/)).toHaveValue('200,00')
    expect(within(prata).getByText('Prata').closest('[data-slot="level-badge"]')).toHaveStyle({
      color: 'rgb(55, 65, 81)',
      backgroundColor: 'rgb(243, 244, 246)',
    })
    await user.clear(within(prata).getByLabelText('Nome'))
    await user.type(within(prata).getByLabelText('Nome'), 'Prata Plus')
    expect(within(form).getByRole('listitem', { name: 'Nível 2: Prata Plus' })).toBeInTheDocument()
    await user.click(within(prata).getByRole('radio', { name: 'Coroa' }))
    fireEvent.change(within(prata).getByLabelText(/^Fundo/), { target: { value: '#ffffff' } })
    fireEvent.change(within(prata).getByLabelText(/^Texto/), { target: { value: '#eeeeee' } })
    expect(within(prata).getByText(/Pouco contraste/)).toBeInTheDocument()
    fireEvent.change(within(prata).getByLabelText(/^Texto/), { target: { value: '#1e3a8a' } })
    expect(within(prata).queryByText(/Pouco contraste/)).not.toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'Adicionar nível' }))
    const added = within(form).getByRole('listitem', { name: 'Nível 3' })
    expect(within(added).getByLabelText('Nome')).toHaveFocus()
    // Prata closes: one level open at a time.
    expect(within(prata).queryByLabelText('Nome')).not.toBeInTheDocument()
    expect(within(added).getByLabelText('Visitas concluídas')).toHaveValue('16')
    await user.type(within(added).getByLabelText('Nome'), 'Ouro')
    await user.click(within(form).getByRole('switch', { name: 'Total gasto' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar níveis' }))

    expect(await screen.findByText('Níveis de fidelidade salvos')).toBeInTheDocument()
    const body = callsTo('PUT /api/v1/gamification')[0]?.body as Gamification
    expect(body.showTotalSpent).toBe(true)
    expect(body.levels).toEqual([
      gamification.levels[0],
      { name: 'Prata Plus', color: '#1E3A8A', bgColor: '#FFFFFF', minAppointments: 6, minValue: 20000, icon: 'crown' },
      { name: 'Ouro', color: '#9A3412', bgColor: '#FFEDD5', minAppointments: 16, minValue: 70000, icon: 'sparkles' },
    ])
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Salvar níveis' })).toBeDisabled())
  })

  it("checks the levels climb before saving, and puts the server's words next to their fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, callsTo } = await open('/dashboard/promotions?tab=levels', {
      'PUT /api/v1/gamification': apiError(422, 'invalid', 'Dados inválidos', {
        fields: { 'levels.1.name': 'Dê um nome ao nível (até 30 caracteres)' },
      }),
    })
    const form = await screen.findByRole('form', { name: 'Níveis de fidelidade' })
    const prata = within(form).getByRole('listitem', { name: 'Nível 2: Prata' })
    await user.click(within(prata).getByRole('button', { name: 'Editar nível Prata' }))
    await user.clear(within(prata).getByLabelText('Visitas concluídas'))
    await user.type(within(prata).getByLabelText('Visitas concluídas'), '1')
    // Closed, the level still says it needs fixing; saving opens it at the field refused.
    await user.click(within(prata).getByRole('button', { name: 'Editar nível Prata' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar níveis' }))
    expect(await within(prata).findByText('Precisa de mais visitas que Bronze (1)')).toBeInTheDocument()
    // The level opens, then its refused field takes the focus.
    await waitFor(() => expect(within(prata).getByLabelText('Visitas concluídas')).toHaveFocus())
    expect(prata).toHaveTextContent('Corrija este nível para salvar')
    expect(callsTo('PUT /api/v1/gamification')).toHaveLength(0)

    // Removing the first level leaves Prata first: nothing overlaps any more.
    await user.click(within(form).getByRole('button', { name: 'Remover nível Bronze' }))
    expect(within(form).getAllByRole('listitem', { name: /^Nível/ })).toHaveLength(1)
    expect(within(form).getByRole('button', { name: 'Remover nível Prata' })).toBeDisabled()
    expect(within(form).getByLabelText('Visitas concluídas')).toHaveValue('1')
    await user.click(within(form).getByRole('button', { name: 'Salvar níveis' }))
    expect(await within(form).findByText('Dê um nome ao nível (até 30 caracteres)')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/gamification')[0]?.body).toMatchObject({
      levels: [{ name: 'Prata', minAppointments: 1, minValue: 20000 }],
    })

    await user.click(within(form).getByRole('button', { name: 'Descartar alterações' }))
    expect(within(form).getAllByRole('listitem', { name: /^Nível/ })).toHaveLength(2)
    expect(within(form).queryByText('Dê um nome ao nível (até 30 caracteres)')).not.toBeInTheDocument()
    expect(within(form).getByText('Tudo salvo.')).toBeInTheDocument()
    expect(within(form).queryByRole('button', { name: 'Descartar alterações' })).not.toBeInTheDocument()
  })
})
