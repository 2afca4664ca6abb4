import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json } from '@/test/api-mock'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

describe('the integrity check', { timeout: 20_000 }, () => {
  it('lets an owner check their own data from Configurações and reads the findings', async () => {
    const { callsTo } = signedIn({
      'GET /api/v1/integrity': json(200, {
        ok: false,
        issues: ['Serviço 0194a000 com dados incompletos', 'O resumo do dia 01/12/2026 não confere com os agendamentos'],
        appointments: 12,
        services: 3,
        professionals: 2,
      }),
    })
    renderApp('/dashboard/settings')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Verificar meus dados' }))
    const list = await screen.findByRole('list', { name: 'Problemas encontrados' })
    expect(within(list).getByText('Serviço 0194a000 com dados incompletos')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/integrity')).toHaveLength(1)
  })

  it('says all is well with what was checked', async () => {
    signedIn({
      'GET /api/v1/integrity': json(200, { ok: true, issues: [], appointments: 1, services: 2, professionals: 1 }),
    })
    renderApp('/dashboard/settings')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Verificar meus dados' }))
    expect(
      await screen.findByText('Tudo certo: 1 agendamento, 2 serviços e 1 profissional verificados.'),
    ).toBeInTheDocument()
  })

  it("says 'Erro ao verificar integridade dos dados' when the check fails", async () => {
    signedIn({ 'GET /api/v1/integrity': apiError(500, 'internal', 'Erro ao verificar integridade dos dados') })
    renderApp('/dashboard/settings')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Verificar meus dados' }))
    expect(await screen.findByText('Erro ao verificar integridade dos dados')).toBeInTheDocument()
  })

  it('lets an admin check every account and lists those with findings', async () => {
    signedIn({
      'GET /api/v1/auth/access': json(200, { isAdmin: true }),
      'GET /api/v1/admin/accounts': json(200, { items: [], total: 0 }),
      'GET /api/v1/admin/audit': json(200, []),
      'POST /api/v1/admin/integrity': json(200, {
        accounts: 40,
        withIssues: 1,
        items: [
          {
            accountId: '0194a000-0000-7000-8000-0000000000aa',
            email: 'maria@salao.com.br',
            report: { ok: false, issues: ['Os totais da conta não conferem com os agendamentos'], appointments: 9, services: 1, professionals: 1 },
          },
        ],
      }),
    })
    renderApp('/dashboard/admin/clients')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Verificar todas as contas' }))
    const list = await screen.findByRole('list', { name: 'Contas com problemas' })
    expect(within(list).getByText('maria@salao.com.br')).toBeInTheDocument()
    expect(within(list).getByText('Os totais da conta não conferem com os agendamentos')).toBeInTheDocument()
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
  })
})
