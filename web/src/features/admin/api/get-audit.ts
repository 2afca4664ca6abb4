import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AuditEntry as ApiAuditEntry } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { type AuditData, adminKeys } from './keys'

/** AuditEntry is one admin action, or a plan change a Stripe webhook made (adminUserId "stripe"). */
export type AuditEntry = ApiAuditEntry

/** The report shows the latest 10 (SPEC.md section 9). */
export const AUDIT_SHOWN = 10

// GET /api/v1/admin/audit?data=…&limit=10 → the latest entries about that data
export function getAudit(data: AuditData) {
  return api.get<AuditEntry[]>(`/admin/audit?data=${encodeURIComponent(data)}&limit=${AUDIT_SHOWN}`)
}

export const auditQueryOptions = (data: AuditData) =>
  queryOptions({ queryKey: adminKeys.audit(data), queryFn: () => getAudit(data) })

export function useAudit(data: AuditData) {
  return useQuery(auditQueryOptions(data))
}
