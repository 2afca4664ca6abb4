// @vitest-environment node
import { describe, expect, it } from 'vitest'

import type { PlanStatusReason, UserPlan } from './get-plan'
import { planSituation, usageLines } from './plan-situation'

const plan = (type: UserPlan['type'], isActive: boolean, statusReason: PlanStatusReason | null = null) => ({ type, isActive, statusReason })
const used = (count: number, limit = 10) => ({ count, limit, remaining: Math.max(limit - count, 0), unlimited: false })
const unlimited = { count: 40, limit: 10, remaining: -1, unlimited: true }

describe('planSituation', () => {
  it.each([
    // [case, plan, usage, kind, badge, action, label, continue free]
    ['active Premium', plan('premium', true, 'subscription.active'), unlimited, 'premium', 'Ativo', 'portal', 'Gerenciar assinatura', false],
    ['Premium past due', plan('premium', false, 'payment.past_due'), used(3), 'premium-inactive', 'Pagamento pendente', 'portal', 'Atualizar forma de pagamento', false],
    ['Premium incomplete', plan('premium', false, 'payment.incomplete'), used(3), 'premium-inactive', 'Pagamento pendente', 'portal', 'Concluir pagamento', false],
    ['Premium failed', plan('premium', false, 'payment.failed'), used(3), 'premium-inactive', 'Inativo', 'portal', 'Renovar assinatura', false],
    ['free, cancelled', plan('free', true, 'subscription.canceled'), used(3), 'ended', 'Ativo', 'checkout', 'Renovar o Premium', true],
    ['free, cancelled, over', plan('free', true, 'subscription.canceled'), used(12), 'ended', 'Limite atingido', 'checkout', 'Renovar o Premium', true],
    ['free, past due', plan('free', true, 'payment.past_due'), used(3), 'ended', 'Ativo', 'portal', 'Atualizar forma de pagamento', true],
    ['free at the limit', plan('free', true), used(10), 'at-limit', 'Limite atingido', 'checkout', 'Assinar Premium', false],
    ['free over the limit', plan('free', true), used(12), 'over-limit', 'Limite atingido', 'checkout', 'Assinar Premium', false],
    ['free', plan('free', true), used(3), 'free', 'Ativo', 'checkout', 'Assinar Premium', false],
  ] as const)('%s', (_, p, usage, kind, badge, action, label, continueFree) => {
    const s = planSituation(p, usage)
    expect([s.kind, s.badge.label, s.action, s.actionLabel, s.canContinueFree]).toEqual([kind, badge, action, label, continueFree])
  })

  it('says the message once, and none when all is well', () => {
    expect(planSituation(plan('free', true), used(3)).notice).toBeNull()
    expect(planSituation(plan('premium', true, 'subscription.active'), unlimited).notice).toBeNull()
    expect(planSituation(plan('free', true), used(10)).notice).toBe(
      'Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.',
    )
    expect(planSituation(plan('free', true, 'subscription.canceled'), used(3)).notice).toBe(
      'Sua assinatura Premium foi cancelada. Para continuar usando os recursos Premium, renove seu plano.',
    )
  })
})

describe('usageLines', () => {
  it('reads the usage below, at and past the limit', () => {
    expect(usageLines(used(3))).toEqual({ main: '3 de 10 agendamentos usados', rest: 'Restam 7 agendamentos' })
    expect(usageLines(used(9))).toEqual({ main: '9 de 10 agendamentos usados', rest: 'Resta 1 agendamento' })
    expect(usageLines(used(10)).rest).toBe('Nenhum agendamento novo até assinar o Premium')
    expect(usageLines(used(12)).main).toBe('12 agendamentos na agenda, 2 acima do limite de 10 do plano gratuito')
    expect(usageLines(used(1200, 1000)).main).toBe('1.200 agendamentos na agenda, 200 acima do limite de 1.000 do plano gratuito')
    expect(usageLines(used(3), true).rest).toBe('Enquanto a assinatura estiver inativa, vale o limite do plano gratuito')
  })
})
