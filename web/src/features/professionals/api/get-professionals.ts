import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { WorkingHours } from '@/lib/working-hours'

export type CalendarType = 'app' | 'google'

/** Professional is someone who attends clients (GET /api/v1/professionals). */
export type Professional = {
  id: string
  name: string
  role: string
  specialties: string[]
  calendarType: CalendarType
  /** null: follows the store's hours. */
  workingHours: WorkingHours | null
  /** Minutes between the times offered for booking. */
  bookingInterval: number
  googleCalendarEmbed: string | null
  /** '/files/<id>', the first is the main photo. */
  photos: string[]
  commissionPct: number
  createdAt: string
}

// GET /api/v1/professionals → Professional[] (created_at ascending; none is an empty list)
export async function getProfessionals(): Promise<Professional[]> {
  return (await api.get<Professional[] | null>('/professionals')) ?? []
}

export const professionalsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.professionals, 'list'], queryFn: getProfessionals })

export function useProfessionals() {
  return useQuery(professionalsQueryOptions())
}
