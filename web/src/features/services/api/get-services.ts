import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Service is something the store offers (GET /api/v1/services). */
export type Service = {
  id: string
  name: string
  description: string
  /** Minutes. */
  duration: number
  /** Cents; null when the store shows no price. */
  price: number | null
  professionalIds: string[]
  createdAt: string
}

// GET /api/v1/services → Service[] (created_at ascending; none is an empty list)
export async function getServices(): Promise<Service[]> {
  return (await api.get<Service[] | null>('/services')) ?? []
}

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.services, 'list'], queryFn: getServices })

export function useServices() {
  return useQuery(servicesQueryOptions())
}
