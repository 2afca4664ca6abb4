import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, type Call, json } from '@/test/api-mock'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const maria = {
  id: '0194a000-0000-7000-8000-0000000000aa',
  name: 'Maria Aparecida dos Santos Oliveira de Albuquerque',
  email: 'maria.aparecida.albuquerque@salaobelezapura.com.br',
  storeName: 'Salão Beleza Pura & Estética Avançada da Maria',
  storeSlug: 'salao-beleza-pura-estetica-avancada-da-maria',
  plan: { type: 'free', isActive: true, subscribedAt: null, expiresAt: null, statusReason: 'payment.failed', cancelAt: null },
  appointments: 7,
  last30Days: 3,
  lastSignInAt: '2026-11-20T12:00:00Z',
  createdAt: '2026-01-10T12:00:00Z',
  lockedAt: null,
  lockedReason: '',
  isAdmin: false,
}
const detail = {
  account: maria,
  usage: { count: 7, limit: 10, remaining: 3, progress: 70, unlimited: false },
  planHistory: [{ at: '2026-10-01T12:00:00Z', type: 'invoice.payment_failed', kind: 'payment_failed', note: '' }],
}

function asAdmin(routes: Parameters<typeof signedIn>[0] = {}) {
  return signedIn({
    'GET /api/v1/auth/access': json(200, { isAdmin: true }),
    'GET /api/v1/admin/accounts': json(200, { items: [maria], total: 1 }),
    [`GET /api/v1/admin/accounts/${maria.id}`]: json(200, detail),
    'GET /api/v1/admin/audit': json(200, []),
    ...routes,
  })
}

async function openMaria() {
  renderApp('/dashboard/admin/clients')
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: /Maria Aparecida/ }))
  return { user, dialog: await screen.findByRole('dialog', { name: /Maria Aparecida/ }) }
}

describe('Admin Clientes', { timeout: 20_000 }, () => {
  it('lists accounts with plan, figures and store, and searches and filters on the server', async () => {
    const { callsTo } = asAdmin()
    renderApp('/dashboard/admin/clients')
    const card = await screen.findByRole('button', { name: /Maria Aparecida/ })
    expect(within(card).getByText('Gratuito')).toBeInTheDocument()
    expect(within(card).getByText(/Pagamento recusado/)).toBeInTheDocument()
    expect(within(card).getByText(/7 agendamentos · 3 em 30 dias/)).toBeInTheDocument()

    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome, email ou loja' }), 'maria')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plano' }), 'premium')
    await user.click(screen.getByRole('switch'))
    await waitFor(() =>
      expect(callsTo('GET /api/v1/admin/accounts').at(-1)?.query).toMatchObject({ q: 'maria', plan: 'premium', locked: 'true' }),
    )
  })

  it('shows the detail with the store link, usage and plan history', async () => {
    asAdmin()
    const { dialog } = await openMaria()
    expect(await within(dialog).findByRole('link', { name: /Salão Beleza Pura/ })).toHaveAttribute(
      'href',
      '/store/salao-beleza-pura-estetica-avancada-da-maria',
    )
    expect(within(dialog).getByText('7 de 10 agendamentos · 3 restantes')).toBeInTheDocument()
    expect(within(dialog).getByText('Pagamento recusado', { selector: 'span' })).toBeInTheDocument()
  })

  it('locks with a required reason and says Operação Realizada', async () => {
    const { callsTo } = asAdmin({
      [`POST /api/v1/admin/accounts/${maria.id}/lock`]: (call: Call) =>
        json(200, { ...detail, account: { ...maria, lockedAt: '2026-11-24T10:00:00Z', lockedReason: (call.body as { reason: string }).reason } }),
    })
    const { user, dialog } = await openMaria()
    await user.click(await within(dialog).findByRole('button', { name: 'Bloquear conta' }))
    const confirm = await screen.findByRole('dialog', { name: 'Bloquear conta' })
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear conta' }))
    expect(await within(confirm).findByText('Informe o motivo da ação (ao menos 5 caracteres)')).toBeInTheDocument()
    expect(callsTo(`POST /api/v1/admin/accounts/${maria.id}/lock`)).toHaveLength(0)

    await user.type(within(confirm).getByLabelText('Motivo'), 'Pagamento contestado')
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear conta' }))
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
    expect(callsTo(`POST /api/v1/admin/accounts/${maria.id}/lock`)[0]?.body).toEqual({ reason: 'Pagamento contestado' })
    expect(await within(dialog).findByText(/Motivo: Pagamento contestado/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Desbloquear conta' })).toBeInTheDocument()
  })

  it("shows a refusal as 'Operação Bloqueada' with the server's message", async () => {
    asAdmin({
      [`POST /api/v1/admin/accounts/${maria.id}/premium`]: apiError(403, 'forbidden', 'Operação negada: teste'),
    })
    const { user, dialog } = await openMaria()
    await user.click(await within(dialog).findByRole('button', { name: 'Conceder Premium' }))
    const confirm = await screen.findByRole('dialog', { name: 'Conceder Premium' })
    await user.type(within(confirm).getByLabelText('Motivo'), 'Cortesia de lançamento')
    await user.click(within(confirm).getByRole('button', { name: 'Conceder Premium' }))
    expect(await screen.findByText('Operação Bloqueada')).toBeInTheDocument()
    expect(screen.getByText('Operação negada: teste')).toBeInTheDocument()
  })

  it('lists the newest 100 entries of the audit log, with what each action touched and whether it went through', async () => {
    const { callsTo } = asAdmin({
      'GET /api/v1/admin/audit': json(200, [
        {
          id: 'a1',
          timestamp: '2026-11-24T10:00:00Z',
          action: 'Operação negada: Apagar agendamentos alteraria dados do próprio salão (agendamentos), que só o dono da conta altera.',
          dataAffected: 'appointments',
          adminUserId: 'user-1',
          success: false,
        },
        {
          id: 'a2',
          timestamp: '2026-11-24T09:00:00Z',
          action: 'Conta bloqueada — motivo: Pagamento contestado',
          dataAffected: `account:${maria.id}`,
          adminUserId: 'outro-admin',
          success: true,
        },
        {
          id: 'a3',
          timestamp: '2026-11-24T08:00:00Z',
          action: 'Acesso negado: rota de administrador pedida por uma conta sem permissão',
          dataAffected: 'admin_route:GET /api/v1/admin/audit',
          adminUserId: 'user-9',
          success: false,
        },
      ]),
    })
    renderApp('/dashboard/admin/clients')
    const log = await screen.findByRole('region', { name: 'Histórico de ações' })
    const items = await within(log).findAllByRole('listitem')
    expect(within(items[0]!).getByText('Bloqueada')).toBeInTheDocument()
    expect(within(items[0]!).getByText(/^Operação negada: /)).toBeInTheDocument()
    expect(within(items[0]!).getByText('appointments')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Realizada')).toBeInTheDocument()
    expect(within(items[1]!).getByText(/Outro administrador/)).toBeInTheDocument()
    // A non-admin refused at an admin route is not called an administrator.
    expect(within(items[2]!).getByText(/Conta sem permissão \(user-9\)/)).toBeInTheDocument()
    expect(within(items[2]!).getByText('admin_route:GET /api/v1/admin/audit')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/admin/audit')[0]?.query).toMatchObject({ data: '', limit: '100' })
  })

  it("says 'Não foi possível recuperar o histórico de ações' when the log cannot load", async () => {
    asAdmin({ 'GET /api/v1/admin/audit': apiError(500, 'internal', 'Erro interno') })
    renderApp('/dashboard/admin/clients')
    expect(await screen.findByText('Não foi possível recuperar o histórico de ações')).toBeInTheDocument()
  })
})
