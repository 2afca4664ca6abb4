import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Professional as ApiProfessional } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { WorkingHours } from '@/lib/working-hours'

export type CalendarType = ApiProfessional['calendarType']

/** Professional is someone who attends clients (GET /api/v1/professionals). */
export type Professional = Omit<ApiProfessional, 'workingHours'> & { workingHours: WorkingHours | null }

// GET /api/v1/professionals → Professional[] (created_at ascending; none is an empty list)
export async function getProfessionals(): Promise<Professional[]> {
  return (await api.get<Professional[] | null>('/professionals')) ?? []
}

export const professionalsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.professionals, 'list'], queryFn: getProfessionals })

export function useProfessionals() {
  return useQuery(professionalsQueryOptions())
}
