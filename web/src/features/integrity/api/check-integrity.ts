import { useMutation } from '@tanstack/react-query'

import type { IntegrityReport as ApiIntegrityReport } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

/** IntegrityReport: the messages of the check of the owner's own data (SPEC.md sections 5 and 8). */
export type IntegrityReport = ApiIntegrityReport

/** SPEC.md section 8's message when the check itself fails. */
export const INTEGRITY_FAILED = 'Erro ao verificar integridade dos dados'

// GET /api/v1/integrity → {ok, issues, appointments, services, professionals}; run on demand.
export function checkIntegrity() {
  return api.get<IntegrityReport>('/integrity')
}

export function useCheckIntegrity() {
  return useMutation({ mutationFn: checkIntegrity })
}
