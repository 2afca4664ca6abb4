import { queryOptions, useQuery } from '@tanstack/react-query'

import type { ProfessionalImpact as ApiProfessionalImpact } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** What deleting a professional takes with it (GET /api/v1/professionals/{id}/impact). */
export type ProfessionalImpact = ApiProfessionalImpact

export function getProfessionalImpact(id: string) {
  return api.get<ProfessionalImpact>(`/professionals/${encodeURIComponent(id)}/impact`)
}

/** Always asked afresh: the counts must be the ones at the moment of deleting. */
export const professionalImpactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.professionals, 'impact', id],
    queryFn: () => getProfessionalImpact(id),
    staleTime: 0,
    gcTime: 0,
  })

export function useProfessionalImpact(id: string | null) {
  return useQuery({ ...professionalImpactQueryOptions(id ?? ''), enabled: id !== null })
}
