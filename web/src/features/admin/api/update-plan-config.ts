import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { PlanConfig } from './get-plan-config'
import { adminKeys } from './keys'

// PUT /api/v1/admin/plan-config → PlanConfig as saved (trimmed, repeated features dropped);
// 422 with fields keyed freeLimit, premiumPrice, freePlan.name, premiumPlan.features…
export function updatePlanConfig(config: PlanConfig) {
  return api.put<PlanConfig>('/admin/plan-config', config)
}

export function useUpdatePlanConfig() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updatePlanConfig,
    onSuccess: (saved) => client.setQueryData(adminKeys.planConfig, saved),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.audit('plan_config') })
      // The admin's own Planos page shows the plans as configured.
      void client.invalidateQueries({ queryKey: queryKeys.plan })
    },
  })
}
