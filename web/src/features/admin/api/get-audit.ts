import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AuditEntry as ApiAuditEntry } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { type AuditData, adminKeys } from './keys'

/** AuditEntry is one admin action, or a plan change a Stripe webhook made (adminUserId "stripe"). */
export type AuditEntry = ApiAuditEntry

/**
 * The report shows the latest 10 (SPEC.md section 9); Admin Clientes the latest 100. The server
 * keeps every entry (older pages by `cursor`, the id of a page's last entry).
 */
export const AUDIT_SHOWN = 10
export const AUDIT_LATEST = 100

// GET /api/v1/admin/audit?data=…&limit=… → the latest entries about that data ('' for all)
export function getAudit(data: AuditData, limit = AUDIT_SHOWN) {
  return api.get<AuditEntry[]>(`/admin/audit?data=${encodeURIComponent(data)}&limit=${limit}`)
}

export const auditQueryOptions = (data: AuditData, limit = AUDIT_SHOWN) =>
  queryOptions({ queryKey: [...adminKeys.audit(data), limit], queryFn: () => getAudit(data, limit) })

export function useAudit(data: AuditData, limit = AUDIT_SHOWN) {
  return useQuery(auditQueryOptions(data, limit))
}
