import type { PlanUsage } from '@/lib/api-schema'

import type { PlanStatusReason, UserPlan } from './get-plan'
import { hasEndedReason, isPremiumActive, planStatusMessage } from './plan-status'

// What Planos says in each state of the plan (issue 23): one message, the badge that agrees with
// it, and the button that does what the message asks. Before, a Premium plan with a payment
// problem read 'Premium · Inativo · Restam 10', 'renove' sat beside 'Continuar no plano
// gratuito' alone, and '12 de 10 agendamentos usados' had no word on what it meant.

/** Where the page's primary action leads: Stripe's checkout, Stripe's portal, or nowhere. */
export type PlanAction = 'checkout' | 'portal' | null

export type PlanSituation = {
  kind: 'premium' | 'premium-inactive' | 'ended' | 'over-limit' | 'at-limit' | 'free'
  /** The badge beside the plan's name. */
  badge: { label: string; tone: 'success' | 'warning' | 'destructive' }
  /** The one message at the top of the page (SPEC.md section 8's words), or null. */
  notice: string | null
  /** The primary action and its label, matching the notice's request. */
  action: PlanAction
  actionLabel: string
  /** 'Continuar no plano gratuito' (a free plan a subscription left with a reason). */
  canContinueFree: boolean
}

/** The limit's message (SPEC.md section 8), as the server words it for a refused booking. */
export function limitMessage(limit: number) {
  return `Você atingiu o limite de ${limit} agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.`
}

/** What the portal settles for a payment reason, in the words of its message. */
function portalLabel(reason: PlanStatusReason | null) {
  if (reason === 'payment.past_due') return 'Atualizar forma de pagamento'
  if (reason === 'payment.incomplete') return 'Concluir pagamento'
  return 'Renovar assinatura'
}

const PENDING: readonly (PlanStatusReason | null)[] = ['payment.past_due', 'payment.incomplete']

/**
 * planSituation reads the plan and its usage as one state. A subscription's reason comes first:
 * it is what the owner must settle, and Planos says it once.
 */
export function planSituation(
  plan: Pick<UserPlan, 'type' | 'isActive' | 'statusReason'>,
  usage: Pick<PlanUsage, 'count' | 'limit' | 'remaining' | 'unlimited'>,
): PlanSituation {
  if (isPremiumActive(plan)) {
    return {
      kind: 'premium',
      badge: { label: 'Ativo', tone: 'success' },
      notice: null,
      action: 'portal',
      actionLabel: 'Gerenciar assinatura',
      canContinueFree: false,
    }
  }
  if (plan.type === 'premium') {
    // The subscription still exists at Stripe: its portal settles it, never a second checkout.
    const pending = PENDING.includes(plan.statusReason)
    return {
      kind: 'premium-inactive',
      badge: pending ? { label: 'Pagamento pendente', tone: 'warning' } : { label: 'Inativo', tone: 'destructive' },
      notice: planStatusMessage(plan),
      action: 'portal',
      actionLabel: portalLabel(plan.statusReason),
      canContinueFree: false,
    }
  }
  if (hasEndedReason(plan)) {
    // Past due or incomplete on a free plan: the portal finishes the payment; an ended
    // subscription is renewed by subscribing again.
    const pending = PENDING.includes(plan.statusReason)
    const full = !usage.unlimited && usage.remaining === 0
    return {
      kind: 'ended',
      badge: full ? { label: 'Limite atingido', tone: 'warning' } : { label: 'Ativo', tone: 'success' },
      notice: planStatusMessage(plan),
      action: pending ? 'portal' : 'checkout',
      actionLabel: pending ? portalLabel(plan.statusReason) : 'Renovar o Premium',
      canContinueFree: true,
    }
  }
  const free = { action: 'checkout' as const, actionLabel: 'Assinar Premium', canContinueFree: false }
  if (!usage.unlimited && usage.count > usage.limit) {
    return { kind: 'over-limit', badge: { label: 'Limite atingido', tone: 'warning' }, notice: limitMessage(usage.limit), ...free }
  }
  if (!usage.unlimited && usage.remaining === 0) {
    return { kind: 'at-limit', badge: { label: 'Limite atingido', tone: 'warning' }, notice: limitMessage(usage.limit), ...free }
  }
  return { kind: 'free', badge: { label: 'Ativo', tone: 'success' }, notice: null, ...free }
}

/**
 * usageLines says how much of the free limit is used, in words that hold past the limit too
 * ('12 agendamentos na agenda', not '12 de 10 usados').
 */
export function usageLines(usage: Pick<PlanUsage, 'count' | 'limit' | 'remaining'>, premiumInactive = false) {
  const n = (v: number) => v.toLocaleString('pt-BR')
  const count = usage.count === 1 ? '1 agendamento' : `${n(usage.count)} agendamentos`
  const main =
    usage.count > usage.limit
      ? `${count} na agenda, ${n(usage.count - usage.limit)} acima do limite de ${n(usage.limit)} do plano gratuito`
      : `${n(usage.count)} de ${n(usage.limit)} agendamentos usados`
  const rest =
    usage.remaining === 0
      ? 'Nenhum agendamento novo até assinar o Premium'
      : usage.remaining === 1
        ? 'Resta 1 agendamento'
        : `Restam ${n(usage.remaining)} agendamentos`
  return {
    main,
    rest: premiumInactive ? 'Enquanto a assinatura estiver inativa, vale o limite do plano gratuito' : rest,
  }
}
