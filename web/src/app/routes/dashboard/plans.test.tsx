import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { PlanStatusReason, UserPlan } from '@/features/plans/api/get-plan'
import { apiError, json } from '@/test/api-mock'
import { planOverviewFixture, signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

type Overview = ReturnType<typeof planOverviewFixture>

function plan(type: UserPlan['type'], isActive: boolean, statusReason: PlanStatusReason | null, extra: Partial<UserPlan> = {}): UserPlan {
  return { type, isActive, statusReason, subscribedAt: null, expiresAt: null, cancelAt: null, ...extra }
}
const premiumActive = plan('premium', true, 'subscription.active', { expiresAt: '2099-04-14T12:00:00Z' })
const unlimited = { count: 42, limit: 10, progress: 100, remaining: -1, unlimited: true }

async function openPlans(overview: Overview | (() => Overview), path = '/dashboard/plans', extra: Parameters<typeof signedIn>[0] = {}) {
  const answer = typeof overview === 'function' ? overview : () => overview
  const api = signedIn({
    'GET /api/v1/plan': () => json(200, answer().plan),
    'GET /api/v1/plan/overview': () => json(200, answer()),
    ...extra,
  })
  const app = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Planos' })
  await screen.findByRole('region', { name: 'Premium' })
  return { ...api, ...app }
}

describe('Planos', { timeout: 20_000 }, () => {
  it('shows both plans from the configuration, the current one marked, and the usage', async () => {
    await openPlans(planOverviewFixture())
    const free = screen.getByRole('region', { name: 'Gratuito' })
    const premium = screen.getByRole('region', { name: 'Premium' })
    expect(free).toHaveTextContent('Grátis')
    expect(within(free).getByText('Plano atual')).toBeInTheDocument()
    expect(within(premium).queryByText('Plano atual')).not.toBeInTheDocument()
    expect(premium.textContent?.replace(/\s/g, ' ')).toContain('R$ 29,99/mês')
    expect(within(premium).getByRole('list', { name: 'Recursos do plano Premium' })).toHaveTextContent('Agendamentos ilimitados')
    expect(within(free).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Até 10 agendamentos',
      'Cadastro de clientes',
      'Agenda básica',
      'Suporte por email',
    ])

    const usage = screen.getByRole('region', { name: 'Seu plano Gratuito' })
    expect(usage).toHaveTextContent('Ativo')
    expect(within(usage).getByRole('progressbar', { name: 'Agendamentos usados do plano gratuito' })).toHaveAttribute('aria-valuenow', '30')
    expect(within(usage).getByText('3 de 10 agendamentos usados')).toBeInTheDocument()
    expect(within(usage).getByText('Restam 7 agendamentos')).toBeInTheDocument()

    // Subscribing opens Stripe's Payment Link in this tab.
    const subscribe = within(premium).getByRole('link', { name: 'Assinar Premium' })
    expect(subscribe).toHaveAttribute('href', planOverviewFixture().checkoutUrl)
    expect(subscribe).not.toHaveAttribute('target')
    expect(screen.queryByRole('link', { name: 'Gerenciar assinatura' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continuar no plano gratuito' })).not.toBeInTheDocument()
  })

  it("says why 'Assinar Premium' is off when no checkout is configured", async () => {
    await openPlans(planOverviewFixture({ checkoutUrl: '' }))
    const subscribe = screen.getByRole('button', { name: 'Assinar Premium' })
    expect(subscribe).toBeDisabled()
    expect(subscribe).toHaveAccessibleDescription(/O pagamento online ainda não está disponível/)
  })

  it("shows an active Premium plan as unlimited, with 'Gerenciar assinatura' and the end of a cancelled subscription", async () => {
    await openPlans(
      planOverviewFixture({
        plan: { ...premiumActive, cancelAt: '2099-05-20T15:00:00Z' },
        usage: unlimited,
      }),
    )
    expect(within(screen.getByRole('region', { name: 'Premium' })).getByText('Plano atual')).toBeInTheDocument()
    const usage = screen.getByRole('region', { name: 'Seu plano Premium' })
    expect(within(usage).getByText('Ilimitado')).toBeInTheDocument()
    expect(usage).toHaveTextContent('42 agendamentos na agenda')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByText('Sua assinatura termina em 20/05/2099')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Gerenciar assinatura' })).toHaveAttribute('href', planOverviewFixture().portalUrl)
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).not.toBeInTheDocument()
  })

  it("tells a free owner whose subscription was cancelled, and 'Continuar no plano gratuito' clears it", async () => {
    let overview = planOverviewFixture({ plan: plan('free', true, 'subscription.canceled') })
    const { callsTo } = await openPlans(() => overview, '/dashboard/plans', {
      'POST /api/v1/plan/continue-free': () => {
        overview = planOverviewFixture()
        return json(200, overview.plan)
      },
    })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
    )
    // Not a payment problem: nothing to manage at Stripe.
    expect(within(alert).queryByRole('link', { name: 'Gerenciar assinatura' })).not.toBeInTheDocument()
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Continuar no plano gratuito' }))
    expect(await screen.findByText('Pronto! Você continua no plano gratuito.')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/plan/continue-free')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it("asks to update the payment method for a payment problem, and the button does that", async () => {
    await openPlans(planOverviewFixture({ plan: plan('premium', false, 'payment.past_due') }))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para continuar usando os recursos Premium.',
    )
    expect(within(alert).getByRole('link', { name: 'Atualizar forma de pagamento' })).toHaveAttribute(
      'href',
      planOverviewFixture().portalUrl,
    )
    // Not 'Inativo · Restam 7': the payment is pending, and the free limit applies meanwhile.
    const usage = screen.getByRole('region', { name: 'Seu plano Premium' })
    expect(within(usage).getByText('Pagamento pendente')).toBeInTheDocument()
    expect(within(usage).queryByText(/Restam/)).not.toBeInTheDocument()
    expect(within(usage).getByText('Enquanto a assinatura estiver inativa, vale o limite do plano gratuito')).toBeInTheDocument()
    expect(within(alert).queryByRole('button', { name: 'Continuar no plano gratuito' })).not.toBeInTheDocument()
    // The subscription still exists at Stripe: no second one.
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).not.toBeInTheDocument()
  })

  it('says an ended subscription once, and offers to renew it beside going on free', async () => {
    await openPlans(planOverviewFixture({ plan: plan('free', true, 'subscription.canceled'), usage: { count: 12, limit: 10, progress: 100, remaining: 0, unlimited: false } }))
    const alert = screen.getByRole('alert')
    // One message: no 'Sua assinatura Premium terminou' above 'Sua assinatura Premium foi cancelada'.
    expect(alert).toHaveTextContent(
      /^Sua assinatura Premium foi cancelada\. Para continuar usando os recursos Premium, renove seu plano\.Renovar o PremiumContinuar no plano gratuito$/,
    )
    expect(within(alert).getByRole('link', { name: 'Renovar o Premium' })).toHaveAttribute('href', planOverviewFixture().checkoutUrl)
    // Past the limit, in words that hold: not '12 de 10 agendamentos usados'.
    const usage = screen.getByRole('region', { name: 'Seu plano Gratuito' })
    expect(within(usage).getByText('12 agendamentos na agenda, 2 acima do limite de 10 do plano gratuito')).toBeInTheDocument()
    expect(screen.queryByText(/12 de 10/)).not.toBeInTheDocument()
    expect(within(usage).getByText('Limite atingido')).toBeInTheDocument()
  })

  it.each([
    ['at', 10],
    ['over', 12],
  ])('leads with the limit and one Assinar Premium %s the limit', async (_, count) => {
    await openPlans(planOverviewFixture({ usage: { count, limit: 10, progress: 100, remaining: 0, unlimited: false } }))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.',
    )
    expect(within(alert).getByRole('link', { name: 'Assinar Premium' })).toHaveAttribute('href', planOverviewFixture().checkoutUrl)
    expect(screen.getAllByRole('link', { name: 'Assinar Premium' })).toHaveLength(1)
    expect(within(screen.getByRole('region', { name: 'Seu plano Gratuito' })).getByText('Limite atingido')).toBeInTheDocument()
  })

  it('says when continuing on the free plan fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await openPlans(planOverviewFixture({ plan: plan('free', true, 'payment.failed') }), '/dashboard/plans', {
      'POST /api/v1/plan/continue-free': apiError(409, 'conflict', 'Não há nada para limpar no seu plano.'),
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continuar no plano gratuito' }))
    expect(await screen.findByText('Não há nada para limpar no seu plano.')).toBeInTheDocument()
  })
})

describe('Planos after paying on Stripe', { timeout: 20_000 }, () => {
  it('waits for the webhook, polling every 3 s, then welcomes the owner to Premium and drops ?checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let paid = false
    const { router, callsTo } = await openPlans(
      () => (paid ? planOverviewFixture({ plan: premiumActive, usage: unlimited }) : planOverviewFixture()),
      '/dashboard/plans?checkout=success',
    )
    const notice = await screen.findByText('Confirmando seu pagamento…')
    expect(notice.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    // No second payment while the first is being confirmed.
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).not.toBeInTheDocument()

    const polls = callsTo('GET /api/v1/plan/overview').length
    await act(() => vi.advanceTimersByTimeAsync(3000))
    await waitFor(() => expect(callsTo('GET /api/v1/plan/overview').length).toBeGreaterThan(polls))
    expect(screen.getByText('Confirmando seu pagamento…')).toBeInTheDocument()

    paid = true // the webhook arrived
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(await screen.findByText('Pagamento confirmado! Bem-vindo ao Premium.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByText('Pagamento confirmado! Bem-vindo ao Premium.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Premium' })).getByText('Plano atual')).toBeInTheDocument()

    // Confirmed: no more polling.
    const after = callsTo('GET /api/v1/plan/overview').length
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(callsTo('GET /api/v1/plan/overview').length).toBe(after)
  })

  it('says so honestly after 60 s without a confirmation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = await openPlans(planOverviewFixture(), '/dashboard/plans?checkout=success')
    expect(await screen.findByText('Confirmando seu pagamento…')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(59_000))
    expect(screen.getByText('Confirmando seu pagamento…')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(
      await screen.findByText(
        'Ainda não recebemos a confirmação do Stripe. Isso pode levar alguns minutos; você pode fechar esta página — o plano muda sozinho quando o pagamento for confirmado.',
      ),
    ).toBeInTheDocument()
    expect(router.state.location.search).toBe('?checkout=success')
  })
})
