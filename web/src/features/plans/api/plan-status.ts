import type { PlanUsage } from '@/lib/api-schema'
import { LIMIT_TOAST_MS } from '@/lib/plan-limit'

import type { PlanStatusReason, UserPlan } from './get-plan'

// What the app tells an owner about the state of their plan (SPEC.md section 8): the one table
// the plan-limit guard and the Planos page both read.

type EndedReason = Exclude<PlanStatusReason, 'subscription.active'>

/** A Premium plan that is not active, by the reason its subscription gave. */
export const PREMIUM_INACTIVE_MESSAGES: Record<EndedReason, string> = {
  'subscription.canceled':
    'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
  'payment.failed':
    'Sua assinatura Premium expirou devido a falha no pagamento. Renove agora para continuar acessando todos os recursos.',
  'payment.past_due':
    'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para continuar usando os recursos Premium.',
  'payment.incomplete':
    'Seu pagamento não foi concluído. Complete o pagamento para continuar usando os recursos Premium.',
}
export const PREMIUM_INACTIVE_DEFAULT = 'Sua assinatura está inativa. Renove para continuar usando os recursos Premium.'

/** A free plan that a subscription left with a reason: the same words, but it is Premium that comes back. */
export const FREE_REASON_MESSAGES: Record<EndedReason, string> = {
  ...PREMIUM_INACTIVE_MESSAGES,
  'payment.past_due': 'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para reativar o Premium.',
  'payment.incomplete': 'Seu pagamento não foi concluído. Complete o pagamento para reativar o Premium.',
}
export const FREE_REASON_DEFAULT = 'Seu plano Premium expirou. Renove agora para continuar acessando todos os recursos.'

/** The guard's toast when the free plan's appointments are used up. */
export const LIMIT_REACHED_MESSAGE =
  'Limite atingido! Você atingiu o limite do plano gratuito. Faça upgrade para continuar.'

/** How long a plan reason's toast stays (SPEC.md section 9); the limit's is LIMIT_TOAST_MS. */
export const REASON_TOAST_MS = 6000

function messageFor(table: Record<EndedReason, string>, fallback: string, reason: PlanStatusReason | null) {
  return reason && reason in table ? table[reason as EndedReason] : fallback
}

export function isPremiumActive(plan: Pick<UserPlan, 'type' | 'isActive'>) {
  return plan.type === 'premium' && plan.isActive
}

/** hasEndedReason: a free plan that a subscription's end left with something to say. */
export function hasEndedReason(plan: Pick<UserPlan, 'type' | 'statusReason'>) {
  return plan.type === 'free' && Boolean(plan.statusReason) && plan.statusReason !== 'subscription.active'
}

/**
 * planStatusMessage is what the owner is told about the plan's state: a Premium plan that is
 * not active, or a free plan with a reason; null when all is well.
 */
export function planStatusMessage(plan: Pick<UserPlan, 'type' | 'isActive' | 'statusReason'>): string | null {
  if (plan.type === 'premium') {
    return plan.isActive ? null : messageFor(PREMIUM_INACTIVE_MESSAGES, PREMIUM_INACTIVE_DEFAULT, plan.statusReason)
  }
  return hasEndedReason(plan) ? messageFor(FREE_REASON_MESSAGES, FREE_REASON_DEFAULT, plan.statusReason) : null
}

/** Why a dashboard page sends the owner to Planos. */
export type PlanBlock = {
  kind: 'limit' | 'inactive' | 'ended'
  message: string
  /** How long the toast stays, in ms. */
  duration: number
}

/**
 * planBlock decides whether the plan keeps the owner off the dashboard pages (SPEC.md sections
 * 2, 4 and 8), and why. A reason from the subscription comes first: it says more than the count,
 * and Planos offers its way out.
 */
export function planBlock(
  plan: Pick<UserPlan, 'type' | 'isActive' | 'statusReason'>,
  usage?: Pick<PlanUsage, 'remaining'>,
): PlanBlock | null {
  const reason = planStatusMessage(plan)
  if (reason) return { kind: plan.type === 'premium' ? 'inactive' : 'ended', message: reason, duration: REASON_TOAST_MS }
  if (!isPremiumActive(plan) && usage?.remaining === 0) {
    return { kind: 'limit', message: LIMIT_REACHED_MESSAGE, duration: LIMIT_TOAST_MS }
  }
  return null
}

/** isPaymentReason: the subscription stopped over a payment, which the billing portal settles. */
export function isPaymentReason(reason: PlanStatusReason | null) {
  return Boolean(reason?.startsWith('payment.'))
}
