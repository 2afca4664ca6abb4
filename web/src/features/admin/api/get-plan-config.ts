import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PlanConfig as ApiPlanConfig } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** PlanConfig is the admin's plan configuration: the free limit, the Premium price (cents) and each plan's card. */
export type PlanConfig = ApiPlanConfig

// GET /api/v1/admin/plan-config (403 for non-admins)
export function getPlanConfig() {
  return api.get<PlanConfig>('/admin/plan-config')
}

export const planConfigQueryOptions = () => queryOptions({ queryKey: adminKeys.planConfig, queryFn: getPlanConfig })

export function usePlanConfig() {
  return useQuery(planConfigQueryOptions())
}
