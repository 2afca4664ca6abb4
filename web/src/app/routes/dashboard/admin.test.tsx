import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { apiError, type Call, json } from '@/test/api-mock'
import { planOverviewFixture, signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const config = planOverviewFixture().config
const webhookConfig = {
  enabled: true,
  webhookUrl: 'https://agendo.com.br/api/v1/webhooks/billing',
  events: [
    { id: 'subscription_started', name: 'Assinatura iniciada', enabled: true },
    { id: 'payment_approved', name: 'Pagamento aprovado', enabled: true },
    { id: 'payment_failed', name: 'Pagamento recusado', enabled: true },
  ],
}
const audit = [
  {
    id: 'au1',
    timestamp: '2099-03-14T15:30:00Z',
    action: 'Configuração de planos alterada',
    dataAffected: 'plan_config',
    adminUserId: 'user-1',
    success: true,
  },
  {
    id: 'au2',
    timestamp: '2099-03-13T15:30:00Z',
    action: 'Configuração de planos recusada',
    dataAffected: 'plan_config',
    adminUserId: 'stripe',
    success: false,
  },
]

function asAdmin(routes: Parameters<typeof signedIn>[0] = {}) {
  return signedIn({
    'GET /api/v1/auth/access': json(200, { isAdmin: true }),
    'GET /api/v1/admin/plan-config': json(200, config),
    'GET /api/v1/admin/webhook-config': json(200, webhookConfig),
    'GET /api/v1/admin/audit': json(200, audit),
    'GET /api/v1/admin/webhook-deliveries': json(200, { items: [], total: 0 }),
    ...routes,
  })
}

async function open(path: string) {
  renderApp(path)
  await screen.findByRole('button', { name: 'Salvar alterações' })
  return userEvent.setup()
}

describe('admin pages for everyone else', { timeout: 20_000 }, () => {
  it.each(['/dashboard/admin/plans', '/dashboard/admin/webhooks'])(
    "tell a non-admin who opens %s that it is restricted, and load nothing",
    async (path) => {
      const { callsTo } = signedIn()
      renderApp(path)
      expect(await screen.findByRole('heading', { name: 'Acesso restrito a administradores.' })).toBeInTheDocument()
      expect(callsTo('GET /api/v1/admin/plan-config')).toHaveLength(0)
      expect(callsTo('GET /api/v1/admin/webhook-config')).toHaveLength(0)
      expect(screen.queryByRole('link', { name: 'Admin Planos' })).not.toBeInTheDocument()
    },
  )
})

describe('Admin Planos', { timeout: 20_000 }, () => {
  it('asks about the warnings before saving, in cents, and says when it is done', async () => {
    const { callsTo } = asAdmin({
      'POST /api/v1/admin/plan-config/preview': json(200, {
        warnings: [
          'O preço do Premium muda mais de R$ 50,00: de R$ 29,99 para R$ 89,99.',
          'Recursos removidos do plano gratuito: Agenda básica.',
        ],
      }),
      'PUT /api/v1/admin/plan-config': (call: Call) => json(200, call.body),
    })
    const user = await open('/dashboard/admin/plans')
    const price = screen.getByLabelText('Preço do Premium (R$ por mês)')
    expect(price).toHaveValue('29,99')
    expect(screen.getByLabelText('Limite do plano gratuito')).toHaveValue('10')
    expect(screen.getByRole('group', { name: 'Plano gratuito' })).toBeInTheDocument()
    await user.clear(price)
    await user.type(price, '89,99')
    await user.click(screen.getByRole('button', { name: 'Remover recurso 3 do Plano gratuito' }))
    await user.click(screen.getAllByRole('button', { name: 'Adicionar recurso' })[1]!)
    await user.type(screen.getByLabelText('Recurso 5 do Plano Premium'), 'Lembretes por WhatsApp')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    const ask = await screen.findByRole('alertdialog', { name: 'Confirme as alterações' })
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'O preço do Premium muda mais de R$ 50,00: de R$ 29,99 para R$ 89,99.',
      'Recursos removidos do plano gratuito: Agenda básica.',
    ])
    // 'Voltar' goes back to the form, nothing saved.
    await user.click(within(ask).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(callsTo('PUT /api/v1/admin/plan-config')).toHaveLength(0)
    expect(price).toHaveValue('89,99')

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Salvar mesmo assim' }))
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
    const body = {
      freeLimit: 10,
      premiumPrice: 8999,
      freePlan: { name: 'Gratuito', features: ['Até 10 agendamentos', 'Cadastro de clientes', 'Suporte por email'] },
      premiumPlan: {
        name: 'Premium',
        features: [...config.premiumPlan.features, 'Lembretes por WhatsApp'],
      },
    }
    expect(callsTo('POST /api/v1/admin/plan-config/preview').map((c) => c.body)).toEqual([body, body])
    expect(callsTo('PUT /api/v1/admin/plan-config').map((c) => c.body)).toEqual([body])
  })

  it('saves at once when there is nothing to warn about', async () => {
    const { callsTo } = asAdmin({
      'POST /api/v1/admin/plan-config/preview': json(200, { warnings: [] }),
      'PUT /api/v1/admin/plan-config': (call: Call) => json(200, call.body),
    })
    const user = await open('/dashboard/admin/plans')
    const limit = screen.getByLabelText('Limite do plano gratuito')
    await user.clear(limit)
    await user.type(limit, '12')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect((callsTo('PUT /api/v1/admin/plan-config')[0]?.body as { freeLimit: number }).freeLimit).toBe(12)
  })

  it("puts the server's field errors next to their fields and reports the operation blocked", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { callsTo } = asAdmin({
      'POST /api/v1/admin/plan-config/preview': apiError(422, 'invalid', 'Confira os campos destacados.', {
        fields: {
          premiumPrice: 'O preço pode ser no máximo R$ 100.000,00',
          'premiumPlan.features': 'Cada recurso pode ter até 120 caracteres',
        },
      }),
    })
    const user = await open('/dashboard/admin/plans')
    const price = screen.getByLabelText('Preço do Premium (R$ por mês)')
    await user.clear(price)
    await user.type(price, '99.999,99')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    expect(await screen.findByText('Operação Bloqueada')).toBeInTheDocument()
    expect(screen.getByText('Confira os campos destacados.')).toBeInTheDocument()
    await waitFor(() => expect(price).toHaveAccessibleDescription(/O preço pode ser no máximo R\$ 100\.000,00/))
    expect(price).toHaveAttribute('aria-invalid', 'true')
    const premium = screen.getByRole('group', { name: 'Plano Premium' })
    expect(within(premium).getByRole('alert')).toHaveTextContent('Cada recurso pode ter até 120 caracteres')
    expect(callsTo('PUT /api/v1/admin/plan-config')).toHaveLength(0)
  })

  it('checks the form before asking the server', async () => {
    const { callsTo } = asAdmin()
    const user = await open('/dashboard/admin/plans')
    await user.clear(screen.getByLabelText('Preço do Premium (R$ por mês)'))
    await user.type(screen.getByLabelText('Preço do Premium (R$ por mês)'), 'vinte reais')
    const free = screen.getByRole('group', { name: 'Plano gratuito' })
    await user.clear(within(free).getByLabelText('Nome do plano'))
    await user.clear(screen.getByLabelText('Limite do plano gratuito'))
    await user.type(screen.getByLabelText('Limite do plano gratuito'), '-3')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Informe o preço em reais, como 45,90')).toBeInTheDocument()
    expect(screen.getByText('Informe o nome do plano')).toBeInTheDocument()
    expect(screen.getByText('Informe um número inteiro de 0 a 100.000')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/admin/plan-config/preview')).toHaveLength(0)
  })

  it('lists the latest actions on the plans with time and outcome', async () => {
    const { callsTo } = asAdmin()
    await open('/dashboard/admin/plans')
    const history = await screen.findByRole('region', { name: 'Histórico de ações' })
    const items = await within(history).findAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Configuração de planos alterada')
    expect(items[0]).toHaveTextContent(/\d{2}\/03\/2099 \d{2}:\d{2} · Você/)
    expect(within(items[0]!).getByText('Realizada')).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Stripe')
    expect(within(items[1]!).getByText('Bloqueada')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/admin/audit')[0]?.query).toEqual({ data: 'plan_config', limit: '10' })
  })

  it('says when the history cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    asAdmin({ 'GET /api/v1/admin/audit': apiError(500, 'internal', 'Erro interno') })
    await open('/dashboard/admin/plans')
    expect(await screen.findByText('Não foi possível recuperar o histórico de ações')).toBeInTheDocument()
  })
})

describe('Admin Webhooks', { timeout: 20_000 }, () => {
  const delivery = (id: string, result: string, extra: object = {}) => ({
    id,
    receivedAt: '2099-03-14T15:30:00Z',
    eventId: `evt_${id}`,
    type: 'invoice.paid',
    kind: 'payment_approved',
    result,
    user: 'ma***@gmail.com',
    error: '',
    ...extra,
  })

  it('turns events off, confirms the critical one, and saves', async () => {
    const { callsTo } = asAdmin({
      'POST /api/v1/admin/webhook-config/preview': json(200, {
        warnings: ['Eventos críticos desativados: Pagamento aprovado. Novas assinaturas não ativarão o Premium.'],
      }),
      'PUT /api/v1/admin/webhook-config': (call: Call) => json(200, { ...(call.body as object), webhookUrl: webhookConfig.webhookUrl }),
    })
    const user = await open('/dashboard/admin/webhooks')
    expect(screen.getByRole('switch', { name: 'Webhooks ativados' })).toBeChecked()
    await user.click(screen.getByRole('switch', { name: 'Pagamento aprovado' }))
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Confirme as alterações' })
    expect(ask).toHaveTextContent('Eventos críticos desativados: Pagamento aprovado.')
    await user.click(within(ask).getByRole('button', { name: 'Salvar mesmo assim' }))
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
    // The address is not a setting: only the switches are sent.
    expect(callsTo('POST /api/v1/admin/webhook-config/preview')[0]?.body).toEqual({
      enabled: true,
      events: webhookConfig.events.map((e) => (e.id === 'payment_approved' ? { ...e, enabled: false } : e)),
    })
    expect(callsTo('PUT /api/v1/admin/webhook-config')[0]?.body).toEqual(callsTo('POST /api/v1/admin/webhook-config/preview')[0]?.body)
  })

  it('shows the address to register at Stripe, from the server, to copy and not to edit', async () => {
    asAdmin()
    const user = await open('/dashboard/admin/webhooks')
    const url = screen.getByRole('textbox', { name: 'URL do webhook' })
    expect(url).toHaveValue('https://agendo.com.br/api/v1/webhooks/billing')
    expect(url).toHaveAttribute('readonly')
    expect(url).toHaveAccessibleDescription(
      'Registre esta URL no painel do Stripe (Desenvolvedores → Webhooks). Ela é o endereço público do Agendo (AGENDO_BASE_URL) seguido de /api/v1/webhooks/billing.',
    )
    await user.type(url, 'x')
    expect(url).toHaveValue('https://agendo.com.br/api/v1/webhooks/billing')
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Copiar URL' }))
    // user-event stands in for the clipboard.
    await expect(navigator.clipboard.readText()).resolves.toBe('https://agendo.com.br/api/v1/webhooks/billing')
  })

  it('lists the deliveries with results in Portuguese, filters the failures and pages', async () => {
    const { callsTo } = asAdmin({
      'GET /api/v1/admin/webhook-deliveries': (call: Call) =>
        call.query.failures === 'true'
          ? json(200, { items: [delivery('d3', 'refused', { type: '', user: '', error: 'Entrega recusada: assinatura não confere' })], total: 1 })
          : json(200, {
              items: [
                delivery('d1', 'applied'),
                delivery('d2', 'ignored', { error: 'Evento desativado na configuração' }),
                delivery('d4', 'failed', { error: 'Erro interno' }),
                delivery('d5', 'pending', { user: '', error: 'Cliente do Stripe ainda sem conta vinculada' }),
              ],
              total: 45,
            }),
    })
    const user = await open('/dashboard/admin/webhooks')
    const log = screen.getByRole('region', { name: 'Log de entregas' })
    const table = await within(log).findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual(['Aplicado', 'Ignorado', 'Falhou', 'Aguardando cliente'])
    expect(rows[0]).toHaveTextContent('ma***@gmail.com')
    expect(within(log).getByText('1–20 de 45 entregas')).toBeInTheDocument()

    await user.click(within(log).getByRole('button', { name: 'Próxima' }))
    await waitFor(() => expect(callsTo('GET /api/v1/admin/webhook-deliveries').at(-1)?.query).toMatchObject({ offset: '20', limit: '20' }))

    await user.click(within(log).getByRole('switch', { name: 'Só falhas' }))
    expect(await within(log).findAllByText('Recusado')).not.toHaveLength(0)
    expect(callsTo('GET /api/v1/admin/webhook-deliveries').at(-1)?.query).toEqual({ failures: 'true', limit: '20', offset: '0' })
  })
})
