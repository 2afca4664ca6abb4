import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { UserPlan } from './get-plan'

// POST /api/v1/plan/continue-free → UserPlan: clears the reason a subscription's end left on a
// free plan (the type never changes from here); 409 when there is nothing to clear.
export function continueFree() {
  return api.post<UserPlan>('/plan/continue-free')
}

export function useContinueFree() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: continueFree,
    onSuccess: (plan) => {
      client.setQueryData(queryKeys.plan, plan)
      void client.invalidateQueries({ queryKey: queryKeys.plan })
      void client.invalidateQueries({ queryKey: queryKeys.dashboard })
    },
  })
}
