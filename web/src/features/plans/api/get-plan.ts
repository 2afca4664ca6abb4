import { queryOptions, useQuery } from '@tanstack/react-query'

import type { UserPlan as ApiUserPlan } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type PlanStatusReason = NonNullable<ApiUserPlan['statusReason']>

/** UserPlan is the owner's plan (GET /api/v1/plan). */
export type UserPlan = ApiUserPlan

export const FREE_PLAN: UserPlan = {
  type: 'free',
  isActive: true,
  subscribedAt: null,
  expiresAt: null,
  statusReason: null,
  cancelAt: null,
}

// GET /api/v1/plan. Errors fall back to the free plan and are logged (SPEC.md section 8).
export async function getPlan(): Promise<UserPlan> {
  try {
    return (await api.get<UserPlan | null>('/plan')) ?? FREE_PLAN
  } catch (error) {
    console.error('Erro ao carregar o plano', error)
    return FREE_PLAN
  }
}

export const planQueryOptions = () => queryOptions({ queryKey: queryKeys.plan, queryFn: getPlan })

export function usePlan() {
  return useQuery(planQueryOptions())
}

export function planName(plan: UserPlan) {
  return plan.type === 'premium' ? 'Premium' : 'Plano Gratuito'
}
