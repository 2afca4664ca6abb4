import { formatDate } from '@/lib/format'

import type { Account } from './get-accounts'

type Plan = Account['plan']

const REASONS: Record<NonNullable<Plan['statusReason']>, string> = {
  'subscription.active': 'Assinatura ativa',
  'subscription.canceled': 'Assinatura cancelada',
  'payment.failed': 'Pagamento recusado',
  'payment.past_due': 'Pagamento atrasado',
  'payment.incomplete': 'Pagamento incompleto',
}

/** planLabel names the plan as it applies now, a Premium granted by hand included. */
export function planLabel(plan: Plan) {
  if (plan.type === 'premium' && plan.isActive) {
    return plan.grantedUntil && plan.expiresAt === plan.grantedUntil ? 'Premium concedido' : 'Premium'
  }
  return plan.type === 'premium' ? 'Premium inativo' : 'Gratuito'
}

/** planDetail is the plan's status reason, or until when a granted Premium holds. */
export function planDetail(plan: Plan) {
  if (plan.type === 'premium' && plan.isActive && plan.grantedUntil && plan.expiresAt === plan.grantedUntil) {
    // The grant ends at the start of the day after the last one.
    return `até ${formatDate(new Date(new Date(plan.grantedUntil).getTime() - 1))}`
  }
  return plan.statusReason ? REASONS[plan.statusReason] : ''
}
