import type { ConfigWarnings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import type { PlanConfig } from './get-plan-config'

// POST /api/v1/admin/plan-config/preview → {warnings}: what the change would do, before saving
// (SPEC.md section 5: warnings never block). 422 with fields, as the save would.
export function previewPlanConfig(config: PlanConfig) {
  return api.post<ConfigWarnings>('/admin/plan-config/preview', config)
}
