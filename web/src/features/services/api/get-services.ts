import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Service as ApiService } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Service is something the store offers (GET /api/v1/services). */
export type Service = ApiService

// GET /api/v1/services → Service[] (created_at ascending; none is an empty list)
export async function getServices(): Promise<Service[]> {
  return (await api.get<Service[] | null>('/services')) ?? []
}

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.services, 'list'], queryFn: getServices })

export function useServices() {
  return useQuery(servicesQueryOptions())
}
