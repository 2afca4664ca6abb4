import { render, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

import { AppProvider } from '@/app/provider'
import type { PlanStatusReason, UserPlan } from '@/features/plans/api/get-plan'
import { setAuthBridge } from '@/lib/api-client'
import { createAuthStore } from '@/lib/auth/auth-store'
import { createQueryClient } from '@/lib/query-client'
import { json } from '@/test/api-mock'
import { planOverviewFixture, signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

import { PlanLimitGuard } from './plan-limit-guard'

const LIMIT = 'Limite atingido! Você atingiu o limite do plano gratuito. Faça upgrade para continuar.'
const atLimit = { count: 10, limit: 10, progress: 100, remaining: 0, unlimited: false }

function plan(type: UserPlan['type'], isActive: boolean, statusReason: PlanStatusReason | null): UserPlan {
  return { type, isActive, statusReason, subscribedAt: null, expiresAt: null, cancelAt: null }
}

function withOverview(overview: ReturnType<typeof planOverviewFixture>, extra: Parameters<typeof signedIn>[0] = {}) {
  return signedIn({
    'GET /api/v1/plan': json(200, overview.plan),
    'GET /api/v1/plan/overview': json(200, overview),
    ...extra,
  })
}

describe('plan-limit guard', { timeout: 20_000 }, () => {
  it('sends a free owner at the limit from a dashboard page to Planos with the guard toast', async () => {
    const warn = vi.spyOn(toast, 'warning')
    withOverview(planOverviewFixture({ usage: atLimit }))
    const { router } = renderApp('/dashboard/clients')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
    expect(await screen.findByText(LIMIT)).toBeInTheDocument()
    expect(warn).toHaveBeenCalledWith(LIMIT, expect.objectContaining({ duration: 5000 }))
    // Replaced, not pushed: Back does not bounce off the guard again.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it.each([
    [
      'premium',
      false,
      'subscription.canceled',
      'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
    ],
    [
      'premium',
      false,
      'payment.failed',
      'Sua assinatura Premium expirou devido a falha no pagamento. Renove agora para continuar acessando todos os recursos.',
    ],
    [
      'premium',
      false,
      'payment.past_due',
      'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para continuar usando os recursos Premium.',
    ],
    [
      'premium',
      false,
      'payment.incomplete',
      'Seu pagamento não foi concluído. Complete o pagamento para continuar usando os recursos Premium.',
    ],
    ['premium', false, null, 'Sua assinatura está inativa. Renove para continuar usando os recursos Premium.'],
    [
      'free',
      true,
      'subscription.canceled',
      'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
    ],
    [
      'free',
      true,
      'payment.failed',
      'Sua assinatura Premium expirou devido a falha no pagamento. Renove agora para continuar acessando todos os recursos.',
    ],
    [
      'free',
      true,
      'payment.past_due',
      'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para reativar o Premium.',
    ],
    ['free', true, 'payment.incomplete', 'Seu pagamento não foi concluído. Complete o pagamento para reativar o Premium.'],
  ] as const)('sends a %s plan (active: %s) with %s to Planos with its message for 6 s', async (type, isActive, reason, message) => {
    const warn = vi.spyOn(toast, 'warning')
    withOverview(planOverviewFixture({ plan: plan(type, isActive, reason) }))
    const { router } = renderApp('/dashboard/services')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
    expect(warn).toHaveBeenCalledWith(message, expect.objectContaining({ duration: 6000 }))
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('lets an active Premium plan and a free plan under the limit through', async () => {
    const warn = vi.spyOn(toast, 'warning')
    withOverview(
      planOverviewFixture({
        plan: plan('premium', true, 'subscription.active'),
        usage: { count: 250, limit: 10, progress: 100, remaining: -1, unlimited: true },
      }),
    )
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Perfil' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/settings')
    expect(warn).not.toHaveBeenCalled()
  })

  it.each(['/dashboard/plans', '/dashboard/admin/plans', '/dashboard/admin/webhooks'])(
    'leaves %s alone at the limit',
    async (path) => {
      const warn = vi.spyOn(toast, 'warning')
      withOverview(planOverviewFixture({ usage: atLimit, plan: plan('free', true, 'payment.failed') }), {
        'GET /api/v1/auth/access': json(200, { isAdmin: true }),
        'GET /api/v1/admin/plan-config': json(200, planOverviewFixture().config),
        'GET /api/v1/admin/webhook-config': json(200, { enabled: true, webhookUrl: 'https://agendo.com.br/api/v1/webhooks/billing', events: [] }),
        'GET /api/v1/admin/audit': json(200, []),
        'GET /api/v1/admin/webhook-deliveries': json(200, { items: [], total: 0 }),
      })
      const { router } = renderApp(path)
      expect(await screen.findByRole('button', { name: /Salvar alterações|Continuar no plano gratuito/ })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe(path)
      expect(warn).not.toHaveBeenCalled()
    },
  )

  it('checks again when the owner opens another page', async () => {
    let usage = { count: 9, limit: 10, progress: 90, remaining: 1, unlimited: false }
    const { callsTo } = signedIn({
      'GET /api/v1/plan/overview': () => json(200, planOverviewFixture({ usage })),
      'GET /api/v1/clients': json(200, { items: [], total: 0 }),
    })
    const { router } = renderApp('/dashboard/settings')
    expect(await screen.findByRole('region', { name: 'Perfil' })).toBeInTheDocument()
    // The last free booking, made meanwhile (another tab, the public page).
    usage = atLimit
    const before = callsTo('GET /api/v1/plan/overview').length
    await router.navigate('/dashboard/clients')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
    expect(callsTo('GET /api/v1/plan/overview').length).toBeGreaterThan(before)
    expect(await screen.findByText(LIMIT)).toBeInTheDocument()
  })
})

describe('the guarded page while it redirects', () => {
  it("shows 'Limite Atingido / Redirecionando para a página de planos...'", async () => {
    vi.spyOn(toast, 'warning').mockImplementation(() => 1)
    signedIn({ 'GET /api/v1/plan/overview': json(200, planOverviewFixture({ usage: atLimit })) })
    const authStore = createAuthStore()
    setAuthBridge(authStore)
    const queryClient = createQueryClient()
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } })
    // Planos never finishes loading here, so the guarded page stays in view.
    const router = createMemoryRouter(
      [
        { path: '/dashboard', Component: PlanLimitGuard, children: [{ path: 'clients', element: <p>Clientes</p> }] },
        { path: '/dashboard/plans', lazy: () => new Promise(() => {}) },
      ],
      { initialEntries: ['/dashboard/clients'] },
    )
    render(
      <AppProvider authStore={authStore} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'Limite Atingido' })).toBeInTheDocument()
    expect(screen.getByText('Redirecionando para a página de planos...')).toBeInTheDocument()
    expect(screen.queryByText('Clientes')).not.toBeInTheDocument()
  })
})
