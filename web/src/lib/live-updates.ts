import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

import { API_BASE } from './api-client'
import type * as Api from './api-schema'
import { useAuth, useAuthStore } from './auth/auth-context'
import { queryKeys } from './query-keys'
import { connectEventStream, type EventStreamOptions, type SSEMessage } from './sse'

// Live updates (DESIGN.md section 6): every event the server sends names what changed, and
// the app answers it by invalidating the queries that show it, so an appointment booked in
// another tab, on another device or on the public page appears without a reload.

const appointmentKeys: QueryKey[] = [
  queryKeys.appointments,
  queryKeys.clients,
  queryKeys.dashboard,
  queryKeys.trash,
  queryKeys.availability,
  queryKeys.promotions,
  queryKeys.reports,
]

/**
 * invalidationKeysFor answers the query keys an event makes stale (none for unknown events).
 * The names are the server's (Go's domain.Events, an enum of the OpenAPI document's Event).
 */
export function invalidationKeysFor(type: string): QueryKey[] {
  switch (type as Api.Event['type']) {
    case 'appointment.created':
    case 'appointment.booked':
    case 'appointment.updated':
    case 'appointment.deleted':
      return [...appointmentKeys, queryKeys.waitlist]
    case 'client.updated':
      return [queryKeys.clients, queryKeys.appointments, queryKeys.dashboard, queryKeys.promotions, queryKeys.reports]
    case 'plan.updated':
      return [queryKeys.plan, queryKeys.dashboard]
    case 'blocked-time.updated':
      return [queryKeys.blockedTimes, queryKeys.availability, queryKeys.reports]
    case 'waitlist.updated':
      return [queryKeys.waitlist, queryKeys.blockedTimes, queryKeys.availability]
    default:
      return []
  }
}

// Changes this tab is making itself. Their echo is skipped: the mutation refreshes what it
// needs when it ends, and an early refetch would undo a view that is still settling (a deleted
// appointment stays on screen, struck through, for 2 s before it leaves the list).
const ownChanges = new Map<string, number>()

/** ignoreEchoOf skips the events about `id` for a while (default 10 s). */
export function ignoreEchoOf(id: string, ms = 10_000) {
  ownChanges.set(id, Date.now() + ms)
}

function isEcho(id: unknown) {
  if (typeof id !== 'string') return false
  const until = ownChanges.get(id)
  if (until === undefined) return false
  if (until < Date.now()) {
    ownChanges.delete(id)
    return false
  }
  return true
}

type QueryMatch = (query: { queryKey: readonly unknown[] }) => boolean

// Queries of something this tab is removing (an anonymised client's page): an event must not
// refetch them while the page still shows them, since they could only answer 404.
const leftAlone = new Map<QueryMatch, number>()

/**
 * leaveAlone keeps events from refetching the queries `match` accepts for a while (default
 * 10 s); the answer ends it sooner (the removal failed, so they still exist).
 */
export function leaveAlone(match: QueryMatch, ms = 10_000) {
  leftAlone.set(match, Date.now() + ms)
  return () => {
    leftAlone.delete(match)
  }
}

function isLeftAlone(query: { queryKey: readonly unknown[] }) {
  const now = Date.now()
  for (const [match, until] of leftAlone) {
    if (until < now) leftAlone.delete(match)
    else if (match(query)) return true
  }
  return false
}

function invalidate(client: QueryClient, queryKey: QueryKey) {
  return client.invalidateQueries({ queryKey, predicate: (query) => !isLeftAlone(query) })
}

/** handleLiveEvent invalidates what one event makes stale; it answers the keys it invalidated. */
export function handleLiveEvent(client: QueryClient, message: SSEMessage): QueryKey[] {
  let payload: { type?: unknown; id?: unknown } = {}
  try {
    payload = JSON.parse(message.data) as typeof payload
  } catch {
    // An event without JSON data still says what changed through its name.
  }
  if (isEcho(payload.id)) return []
  const keys = invalidationKeysFor(message.event)
  for (const queryKey of keys) void invalidate(client, queryKey)
  return keys
}

export type LiveUpdatesOptions = Pick<EventStreamOptions, 'fetch' | 'initialDelayMs'> & {
  /** Called with the id of each appointment a customer books on the public page. */
  onBooked?: (id: string) => void
  /** Called when a customer could not book online because the free plan's limit was reached. */
  onRefused?: () => void
}

/** bookedId answers the appointment id of a public booking event, or null for any other event. */
export function bookedId(message: SSEMessage): string | null {
  if (message.event !== 'appointment.booked') return null
  try {
    const { id } = JSON.parse(message.data) as { id?: unknown }
    return typeof id === 'string' && id !== '' ? id : null
  } catch {
    return null
  }
}

/**
 * useLiveUpdates keeps the event stream open while someone is signed in, and closes it on
 * sign-out or unmount (closed on purpose: no reconnection). After a reconnection everything
 * the stream covers is refreshed, since events may have been missed meanwhile.
 */
export function useLiveUpdates(options: LiveUpdatesOptions = {}) {
  const client = useQueryClient()
  const store = useAuthStore()
  const { isAuthenticated } = useAuth()
  const { fetch, initialDelayMs, onBooked, onRefused } = options
  // The latest callbacks, read when an event arrives, so a new one never reopens the stream.
  const onBookedRef = useRef(onBooked)
  const onRefusedRef = useRef(onRefused)
  useEffect(() => {
    onBookedRef.current = onBooked
    onRefusedRef.current = onRefused
  })

  useEffect(() => {
    if (!isAuthenticated) return
    const stream = connectEventStream({
      url: `${API_BASE}/events`,
      getAccessToken: store.getAccessToken,
      refresh: store.refresh,
      fetch,
      initialDelayMs,
      onMessage: (message) => {
        handleLiveEvent(client, message)
        const id = bookedId(message)
        if (id) onBookedRef.current?.(id)
        if (message.event === 'booking.refused') onRefusedRef.current?.()
      },
      onOpen: (reconnected) => {
        if (!reconnected) return
        for (const queryKey of [...appointmentKeys, queryKeys.plan]) void invalidate(client, queryKey)
      },
    })
    return () => stream.close()
  }, [client, store, isAuthenticated, fetch, initialDelayMs])
}
