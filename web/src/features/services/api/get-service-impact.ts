import { queryOptions, useQuery } from '@tanstack/react-query'

import type { ServiceImpact as ApiServiceImpact } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** What deleting a service takes with it (GET /api/v1/services/{id}/impact). */
export type ServiceImpact = ApiServiceImpact

export function getServiceImpact(id: string) {
  return api.get<ServiceImpact>(`/services/${encodeURIComponent(id)}/impact`)
}

/** Always asked afresh: the count must be the one at the moment of deleting. */
export const serviceImpactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.services, 'impact', id],
    queryFn: () => getServiceImpact(id),
    staleTime: 0,
    gcTime: 0,
  })

export function useServiceImpact(id: string | null) {
  return useQuery({ ...serviceImpactQueryOptions(id ?? ''), enabled: id !== null })
}
