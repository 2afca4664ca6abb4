// @vitest-environment node
import { describe, expect, it } from 'vitest'

import type { PlanStatusReason } from './get-plan'
import { hasEndedReason, isPaymentReason, planBlock, planStatusMessage } from './plan-status'

const premium = (isActive: boolean, statusReason: PlanStatusReason | null) => ({ type: 'premium' as const, isActive, statusReason })
const free = (statusReason: PlanStatusReason | null) => ({ type: 'free' as const, isActive: true, statusReason })

describe('plan status messages (SPEC.md section 8)', () => {
  it.each([
    ['subscription.canceled', 'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.'],
    ['payment.failed', 'Sua assinatura Premium expirou devido a falha no pagamento. Renove agora para continuar acessando todos os recursos.'],
    ['payment.past_due', 'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para continuar usando os recursos Premium.'],
    ['payment.incomplete', 'Seu pagamento não foi concluído. Complete o pagamento para continuar usando os recursos Premium.'],
    ['subscription.active', 'Sua assinatura está inativa. Renove para continuar usando os recursos Premium.'],
    [null, 'Sua assinatura está inativa. Renove para continuar usando os recursos Premium.'],
  ] as const)('an inactive Premium plan with %s', (reason, message) => {
    expect(planStatusMessage(premium(false, reason))).toBe(message)
  })

  it.each([
    ['subscription.canceled', 'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.'],
    ['payment.failed', 'Sua assinatura Premium expirou devido a falha no pagamento. Renove agora para continuar acessando todos os recursos.'],
    ['payment.past_due', 'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para reativar o Premium.'],
    ['payment.incomplete', 'Seu pagamento não foi concluído. Complete o pagamento para reativar o Premium.'],
  ] as const)('a free plan with %s', (reason, message) => {
    expect(planStatusMessage(free(reason))).toBe(message)
  })

  it("falls back to the free plan's default for a reason it does not know", () => {
    expect(planStatusMessage(free('payment.unknown' as PlanStatusReason))).toBe(
      'Seu plano Premium expirou. Renove agora para continuar acessando todos os recursos.',
    )
  })

  it('says nothing when all is well', () => {
    expect(planStatusMessage(premium(true, 'subscription.active'))).toBeNull()
    expect(planStatusMessage(premium(true, null))).toBeNull()
    expect(planStatusMessage(free(null))).toBeNull()
    expect(planStatusMessage(free('subscription.active'))).toBeNull()
    // A plan from an older server, without the field at all.
    expect(planStatusMessage({ type: 'free', isActive: true } as never)).toBeNull()
  })

  it('tells the payment reasons and the ended free plans apart', () => {
    expect(['payment.failed', 'payment.past_due', 'payment.incomplete'].every((r) => isPaymentReason(r as PlanStatusReason))).toBe(true)
    expect(isPaymentReason('subscription.canceled')).toBe(false)
    expect(isPaymentReason(null)).toBe(false)
    expect(hasEndedReason(free('subscription.canceled'))).toBe(true)
    expect(hasEndedReason(free('subscription.active'))).toBe(false)
    expect(hasEndedReason(premium(false, 'payment.past_due'))).toBe(false)
  })
})

describe('planBlock', () => {
  const left = (remaining: number) => ({ remaining })

  it('sends a free plan at the limit to Planos with the guard toast for 5 s', () => {
    expect(planBlock(free(null), left(0))).toEqual({
      kind: 'limit',
      message: 'Limite atingido! Você atingiu o limite do plano gratuito. Faça upgrade para continuar.',
      duration: 5000,
    })
    expect(planBlock(free(null), left(1))).toBeNull()
    expect(planBlock(free(null))).toBeNull()
  })

  it("puts an inactive Premium plan's reason before the count", () => {
    expect(planBlock({ type: 'premium', isActive: false, statusReason: null }, left(0))?.kind).toBe('inactive')
  })

  it('never blocks an active Premium plan', () => {
    expect(planBlock(premium(true, 'subscription.active'), left(-1))).toBeNull()
    expect(planBlock(premium(true, 'subscription.active'), left(0))).toBeNull()
  })

  it('sends an inactive Premium plan with its reason, for 6 s', () => {
    expect(planBlock(premium(false, 'payment.past_due'), left(5))).toEqual({
      kind: 'inactive',
      message: 'Seu pagamento está atrasado. Por favor, atualize sua forma de pagamento para continuar usando os recursos Premium.',
      duration: 6000,
    })
  })

  it('sends a free plan a subscription left with a reason, for 6 s, before the count', () => {
    expect(planBlock(free('payment.incomplete'), left(0))).toEqual({
      kind: 'ended',
      message: 'Seu pagamento não foi concluído. Complete o pagamento para reativar o Premium.',
      duration: 6000,
    })
  })
})
