import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Appointment } from './get-appointments'

export type PlanUsage = {
  count: number
  limit: number
  /** min(count / limit · 100, 100). */
  progress: number
  /** max(limit − count, 0); −1 for an active Premium plan. */
  remaining: number
  unlimited: boolean
}

/** Dashboard is the home page's figures (GET /api/v1/dashboard), in the store's time zone. */
export type Dashboard = {
  today: string
  todayAppointments: Appointment[]
  tomorrowAppointments: Appointment[]
  todayCount: number
  weekCount: number
  /** Cents: this month's completed appointments. */
  monthRevenue: number
  clients: number
  /** Percent. */
  completionRate: number
  plan: { type: 'free' | 'premium'; isActive: boolean }
  usage: PlanUsage
  nextDays: { date: string; count: number }[]
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
