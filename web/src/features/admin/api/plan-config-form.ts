import * as z from 'zod/mini'

import { parsePrice } from '@/lib/format'
import { formatCentsInput } from '@/lib/money'

import type { PlanConfig } from './get-plan-config'
import { LIMITS } from '@/lib/api-limits'

// The admin's plan form: the rules the server checks (domain.CleanPlanConfig), said before
// sending. The price is typed in reais ("29,99") and sent in cents.

export const FREE_LIMIT_MAX = LIMITS.freeLimit
export const PLAN_NAME_MAX = LIMITS.planName
export const FEATURE_MAX = LIMITS.planFeature
export const FEATURES_MAX = LIMITS.planFeatures

const planInfo = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o nome do plano'),
    z.maxLength(PLAN_NAME_MAX, `Use no máximo ${PLAN_NAME_MAX} caracteres`),
  ),
  features: z.array(z.string()).check(
    z.refine((list) => list.every((f) => f.trim().length <= FEATURE_MAX), {
      message: `Cada recurso pode ter até ${FEATURE_MAX} caracteres`,
    }),
    z.refine((list) => list.filter((f) => f.trim() !== '').length <= FEATURES_MAX, {
      message: `Liste no máximo ${FEATURES_MAX} recursos`,
    }),
  ),
})

export const planConfigFormSchema = z.object({
  freeLimit: z.string().check(
    z.trim(),
    z.refine((v) => /^\d+$/.test(v) && Number(v) <= FREE_LIMIT_MAX, {
      message: 'Informe um número inteiro de 0 a 100.000',
    }),
  ),
  premiumPrice: z.string().check(
    z.superRefine((v, ctx) => {
      const price = parsePrice(v)
      if (!price.ok) ctx.addIssue({ code: 'custom', message: price.error, input: v })
      else if (price.cents === null) ctx.addIssue({ code: 'custom', message: 'Informe o preço do Premium', input: v })
    }),
  ),
  freePlan: planInfo,
  premiumPlan: planInfo,
})

export type PlanConfigFormValues = z.infer<typeof planConfigFormSchema>

/** The fields the server may name in a 422's `fields`. */
export const PLAN_CONFIG_FIELD_PATHS = [
  'freeLimit',
  'premiumPrice',
  'freePlan.name',
  'freePlan.features',
  'premiumPlan.name',
  'premiumPlan.features',
] as const

export function planConfigToForm(config: PlanConfig): PlanConfigFormValues {
  return {
    freeLimit: String(config.freeLimit),
    premiumPrice: formatCentsInput(config.premiumPrice),
    freePlan: { name: config.freePlan.name, features: [...config.freePlan.features] },
    premiumPlan: { name: config.premiumPlan.name, features: [...config.premiumPlan.features] },
  }
}

const features = (list: string[]) => list.map((f) => f.trim()).filter((f) => f !== '')

/** formToPlanConfig is the body of the preview and the save: numbers as numbers, blank features left out. */
export function formToPlanConfig(values: PlanConfigFormValues): PlanConfig {
  const price = parsePrice(values.premiumPrice)
  return {
    freeLimit: Number(values.freeLimit),
    premiumPrice: price.ok ? (price.cents ?? 0) : 0,
    freePlan: { name: values.freePlan.name.trim(), features: features(values.freePlan.features) },
    premiumPlan: { name: values.premiumPlan.name.trim(), features: features(values.premiumPlan.features) },
  }
}
