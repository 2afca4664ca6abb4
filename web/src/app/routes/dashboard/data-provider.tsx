import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'

import { DataLoadingScreen } from '@/components/layout/loading-screen'
import { helpSettingsQueryOptions } from '@/features/help/api/get-help-settings'
import { planQueryOptions } from '@/features/plans/api/get-plan'
import { storeQueryOptions } from '@/features/store/api/get-store'
import { useAuth } from '@/lib/auth/auth-context'
import { useLiveUpdates } from '@/lib/live-updates'

import { useBookingAnnouncer } from './booking-announcer'

/** The first load ends when user, store and plan are in, or after 10 s at most (SPEC.md 4, 9). */
export const INITIAL_LOADING_CAP_MS = 10_000

/**
 * DashboardDataProvider loads what every dashboard page needs (user, store, plan) behind the
 * 'Carregando seus dados...' screen, warms the help settings for the help dialog and keeps the
 * live-updates stream open (DESIGN.md section 6).
 */
export function DashboardDataProvider({ children }: { children: ReactNode }) {
  const { profile } = useAuth()
  const client = useQueryClient()
  const [store, plan] = useQueries({ queries: [storeQueryOptions(), planQueryOptions()] })
  const [timedOut, setTimedOut] = useState(false)
  useLiveUpdates({ onBooked: useBookingAnnouncer() })

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), INITIAL_LOADING_CAP_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    void client.prefetchQuery(helpSettingsQueryOptions())
  }, [client])

  const loaded = profile !== null && !store.isPending && !plan.isPending
  if (!loaded && !timedOut) return <DataLoadingScreen />
  return children
}
