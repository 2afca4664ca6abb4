import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Dashboard as ApiDashboard, PlanUsage as ApiPlanUsage } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Appointment } from './get-appointments'

export type PlanUsage = ApiPlanUsage

/** Dashboard is the home page's figures (GET /api/v1/dashboard), in the store's time zone. */
export type Dashboard = Omit<ApiDashboard, 'todayAppointments' | 'tomorrowAppointments'> & {
  todayAppointments: Appointment[]
  tomorrowAppointments: Appointment[]
}

// GET /api/v1/dashboard → Dashboard
export async function getDashboard(): Promise<Dashboard> {
  const d = await api.get<Dashboard>('/dashboard')
  return {
    ...d,
    todayAppointments: d.todayAppointments ?? [],
    tomorrowAppointments: d.tomorrowAppointments ?? [],
    nextDays: d.nextDays ?? [],
  }
}

export const dashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard, queryFn: getDashboard })

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
