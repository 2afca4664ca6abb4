import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PlanOverview as ApiPlanOverview } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/**
 * PlanOverview is the Planos page: the owner's plan and usage, both plans as the admin
 * configured them, and the Stripe links ('' when not configured).
 */
export type PlanOverview = ApiPlanOverview

// GET /api/v1/plan/overview
export function getPlanOverview() {
  return api.get<PlanOverview>('/plan/overview')
}

/** Under the plan's key: a billing change (plan.updated) refreshes both. */
export const planOverviewQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.plan, 'overview'], queryFn: getPlanOverview })

export function usePlanOverview({ refetchInterval }: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...planOverviewQueryOptions(), refetchInterval })
}
