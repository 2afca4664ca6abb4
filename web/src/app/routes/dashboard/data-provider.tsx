import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'

import { DataLoadingScreen } from '@/components/layout/loading-screen'
import { helpSettingsQueryOptions } from '@/features/help/api/get-help-settings'
import { planQueryOptions } from '@/features/plans/api/get-plan'
import { planOverviewQueryOptions } from '@/features/plans/api/get-plan-overview'
import { storeQueryOptions } from '@/features/store/api/get-store'
import { useAuth, useAuthStore } from '@/lib/auth/auth-context'
import { useCan } from '@/lib/auth/permissions'
import { useLiveUpdates } from '@/lib/live-updates'
import { installApp, keepOffline } from '@/lib/offline'

import { useBookingAnnouncer, useRefusedAnnouncer } from './booking-announcer'

/** The first load ends when user, store and plan are in, or after 10 s at most (SPEC.md 4, 9). */
export const INITIAL_LOADING_CAP_MS = 10_000
/** The service worker is installed this long after the dashboard opens, out of its way. */
const INSTALL_DELAY_MS = 3_000

/**
 * DashboardDataProvider loads what every dashboard page needs (user, store, plan and usage) behind the
 * 'Carregando seus dados...' screen, warms the help settings for the help dialog and keeps the
 * live-updates stream open (DESIGN.md section 6).
 */
export function DashboardDataProvider({ children }: { children: ReactNode }) {
  const { profile } = useAuth()
  const client = useQueryClient()
  const auth = useAuthStore()
  // The plan's overview (usage included) is what the plan-limit guard decides on: the owner's
  // (a member's role has no Planos, and the server would refuse it).
  const ownsPlan = useCan('plan')
  const [store, plan, overview] = useQueries({
    queries: [storeQueryOptions(), planQueryOptions(), { ...planOverviewQueryOptions(), enabled: ownsPlan }],
  })
  const [timedOut, setTimedOut] = useState(false)
  useLiveUpdates({ onBooked: useBookingAnnouncer(), onRefused: useRefusedAnnouncer() })

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), INITIAL_LOADING_CAP_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    void client.prefetchQuery(helpSettingsQueryOptions())
  }, [client])

  // The agenda stays readable without a signal (issue 28): once the page has settled, the
  // agenda's pages are loaded and the app's files handed to the service worker.
  useEffect(() => keepOffline(client, auth), [client, auth])
  useEffect(() => {
    const timer = setTimeout(
      () => void installApp([() => import('./home'), () => import('./appointments'), () => import('./plan-limit-guard')]),
      INSTALL_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [])

  // Once shown, the dashboard stays: a query that failed goes back to pending when a page reads
  // it again, and the loading screen must not take the page away for that.
  const [shown, setShown] = useState(false)
  const loaded = profile !== null && !store.isPending && !plan.isPending && (!ownsPlan || !overview.isPending)
  if (loaded && !shown) setShown(true)
  if (!loaded && !shown && !timedOut) return <DataLoadingScreen />
  return children
}
