import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { formatCentsInput } from '@/lib/money'

import type { Promotion } from './get-promotions'
import { parseReais } from './money'
import { LIMITS } from '@/lib/api-limits'

// The promotion form's rules, shared by create and update (the server's bounds:
// internal/domain/promotion.go).

export const NAME_MAX = LIMITS.promotionName
export const REWARD_MAX = LIMITS.reward
export const MAX_TARGET_COUNT = 1000

/** How long a reward stays valid once earned (0: until used), as the form offers it. */
export const VALIDITY_PRESETS = [0, 7, 15, 30, 60, 90, 180, 365] as const

export type PromotionType = Api.Promotion['type']

export type PromotionInput = Api.PromotionInput

export const TARGET_COUNT_INVALID = `Informe de 1 a ${MAX_TARGET_COUNT.toLocaleString('pt-BR')} visitas`
export const TARGET_VALUE_INVALID = 'Informe quanto o cliente precisa gastar, como 500,00'
export const END_BEFORE_START = 'O fim não pode ser antes do início'

/** parseTargetCount reads whole visits within the bounds (null otherwise). */
export function parseTargetCount(text: string): number | null {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return null
  const n = Number(value)
  return n >= 1 && n <= MAX_TARGET_COUNT ? n : null
}

/** parseTargetValue reads what a value card asks a client to spend, in cents (null when not 0,01 to 1 milhão). */
export function parseTargetValue(text: string): number | null {
  const cents = parseReais(text)
  return cents !== null && cents >= 1 ? cents : null
}

export const promotionFormSchema = z
  .object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, 'Dê um nome à promoção'),
      z.maxLength(NAME_MAX, `Use no máximo ${NAME_MAX} caracteres`),
    ),
    type: z.enum(['count', 'value']),
    targetCount: z.string(),
    targetValue: z.string(),
    serviceId: z.string(),
    reward: z.string().check(
      z.trim(),
      z.minLength(1, 'Diga qual é o prêmio, por exemplo: Escova grátis'),
      z.maxLength(REWARD_MAX, `Use no máximo ${REWARD_MAX} caracteres`),
    ),
    startDate: z.string(),
    endDate: z.string(),
    validDays: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: v })
      if (v.type === 'count' && parseTargetCount(v.targetCount) === null) add('targetCount', TARGET_COUNT_INVALID)
      if (v.type === 'value' && parseTargetValue(v.targetValue) === null) add('targetValue', TARGET_VALUE_INVALID)
      if (v.startDate && v.endDate && v.endDate < v.startDate) add('endDate', END_BEFORE_START)
    }),
  )

export type PromotionFormValues = z.infer<typeof promotionFormSchema>

/** The fields the server may name in a 422, as the form calls them. */
export const PROMOTION_FIELD_PATHS = [
  'name',
  'type',
  'targetCount',
  'targetValue',
  'serviceId',
  'reward',
  'startDate',
  'endDate',
  'validDays',
] as const

export function promotionToForm(p: Promotion | null): PromotionFormValues {
  return {
    name: p?.name ?? '',
    type: p?.type ?? 'count',
    targetCount: p && p.type === 'count' ? String(p.targetCount) : '10',
    targetValue: p && p.type === 'value' ? formatCentsInput(p.targetValue) : '',
    serviceId: p?.serviceId ?? '',
    reward: p?.reward ?? '',
    startDate: p?.startDate ?? '',
    endDate: p?.endDate ?? '',
    validDays: String(p?.validDays ?? 0),
  }
}

/** formToPromotionInput writes the request; a count card keeps no value and a value card no count or service. */
export function formToPromotionInput(v: PromotionFormValues, isActive: boolean): PromotionInput {
  const count = v.type === 'count'
  return {
    name: v.name.trim(),
    type: v.type,
    targetCount: count ? (parseTargetCount(v.targetCount) ?? 0) : 0,
    targetValue: count ? 0 : (parseTargetValue(v.targetValue) ?? 0),
    serviceId: count && v.serviceId ? v.serviceId : null,
    reward: v.reward.trim(),
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    validDays: Number(v.validDays) || 0,
    isActive,
  }
}

/** promotionToInput is a saved promotion as a request, to change one thing (the switch). */
export function promotionToInput(p: Promotion, changes: Partial<PromotionInput> = {}): PromotionInput {
  return {
    name: p.name,
    type: p.type,
    targetCount: p.targetCount,
    targetValue: p.targetValue,
    serviceId: p.serviceId,
    reward: p.reward,
    startDate: p.startDate,
    endDate: p.endDate,
    validDays: p.validDays,
    isActive: p.isActive,
    ...changes,
  }
}
