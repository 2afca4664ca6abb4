import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'

import { offlineKey, type AuthStore } from './auth/auth-store'
import { deviceOffline, connectionLost, watchConnection } from './connection'
import { queryKeys } from './query-keys'
import { readJSON, writeJSON } from './storage'

// The agenda offline (issue 28). What the agenda read last is kept in this browser, per user
// and store, as it arrives; when the server cannot be reached the queries pause with what they
// show (lib/connection) and, on a cold start without signal, the kept answers stand in for them,
// dated by the notice 'Sem conexão, atualizado às 9:12'. Sign-out and an expired session erase
// them (auth-store's clearLocal). Writes are never kept: offline they are refused (api-client).

/** The queries kept: the agenda and what its pages need around it. */
const KEPT: readonly (readonly string[])[] = [
  queryKeys.store,
  queryKeys.plan,
  queryKeys.professionals,
  queryKeys.services,
  queryKeys.blockedTimes,
  queryKeys.appointments,
  queryKeys.dashboard,
  queryKeys.onboarding,
]
/** The agenda's own reads: the notice's time is the newest of them. */
const AGENDA: readonly (readonly string[])[] = [queryKeys.appointments, queryKeys.dashboard]
/** Days and weeks of the agenda kept, the latest read: a few days' worth, not the history. */
export const MAX_AGENDA_QUERIES = 12
const SAVE_DELAY_MS = 1_000

/**
 * readAt is when each kept query was last read from the server, by its hash: an optimistic
 * change (setQueryData, undone or not) moves a query's dataUpdatedAt but is no read.
 */
type Saved = { storeId: string; state: DehydratedState; readAt: Record<string, number> }

const readAt = new Map<string, number>()

const rootOf = (query: Query) => query.queryKey[0]

function isKept(query: Query) {
  if (query.state.status !== 'success') return false
  if (query.queryKey[0] === queryKeys.appointments[0] && query.queryKey[1] === 'messages') return false
  return KEPT.some(([root]) => root === rootOf(query))
}

/**
 * saveOffline keeps the agenda's answers for the store in use. What was kept before and is not in
 * this page's cache stays: a page just opened has read the store before the day's agenda, and a
 * save between the two must not erase the agenda kept (only the latest days are kept).
 */
export function saveOffline(client: QueryClient, userId: string, storeId: string) {
  const state = dehydrate(client, { shouldDehydrateQuery: isKept })
  const reads: Record<string, number> = Object.fromEntries(
    state.queries.flatMap((q) => {
      const at = readAt.get(q.queryHash)
      return at ? [[q.queryHash, at]] : []
    }),
  )
  const before = readJSON<Saved | null>(offlineKey(userId), null)
  if (before?.storeId === storeId && before.state) {
    const have = new Set(state.queries.map((q) => q.queryHash))
    for (const q of before.state.queries) {
      if (have.has(q.queryHash)) continue
      state.queries.push(q)
      const at = before.readAt?.[q.queryHash]
      if (at) reads[q.queryHash] = at
    }
  }
  const agenda = state.queries
    .filter((q) => q.queryKey[0] === queryKeys.appointments[0])
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
  const dropped = new Set(agenda.slice(MAX_AGENDA_QUERIES).map((q) => q.queryHash))
  state.queries = state.queries.filter((q) => !dropped.has(q.queryHash))
  for (const hash of dropped) delete reads[hash]
  writeJSON(offlineKey(userId), { storeId, state, readAt: reads } satisfies Saved)
}

/** restoreOffline puts back what was kept, where nothing newer is on screen. */
export function restoreOffline(client: QueryClient, userId: string, storeId: string) {
  const saved = readJSON<Saved | null>(offlineKey(userId), null)
  if (saved?.storeId !== storeId || !saved.state) return
  for (const [hash, at] of Object.entries(saved.readAt ?? {})) {
    if ((readAt.get(hash) ?? 0) < at) readAt.set(hash, at)
  }
  // Kept for as long as the page lives: offline, nothing reads them again, and a day not on
  // screen for five minutes (the client's gcTime) would otherwise be gone when tapped.
  hydrate(client, saved.state, { defaultOptions: { queries: { gcTime: Infinity } } })
}

/**
 * agendaUpdatedAt is when the agenda on screen was read from the server: the oldest read among
 * the agenda's queries shown, or the newest of all when none is (0: never).
 */
export function agendaUpdatedAt(client: QueryClient) {
  let newest = 0
  let shown = Infinity
  for (const queryKey of AGENDA) {
    for (const q of client.getQueryCache().findAll({ queryKey })) {
      const at = readAt.get(q.queryHash)
      if (q.state.status !== 'success' || !at) continue
      newest = Math.max(newest, at)
      if (q.getObserversCount() > 0) shown = Math.min(shown, at)
    }
  }
  return shown === Infinity ? newest : shown
}

/** noteRead records that a query's answer came from the server. */
function noteRead(query: Query) {
  readAt.set(query.queryHash, query.state.dataUpdatedAt)
}

const time = (at: Date) => at.toLocaleTimeString('pt-BR', { hour: 'numeric', minute: '2-digit' })
const day = (at: Date) => at.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit' })

/** updatedLabel says when the agenda shown was read: 'atualizado às 9:12' (today) or with its day. */
export function updatedLabel(at: number, now = new Date()) {
  const when = new Date(at)
  return when.toDateString() === now.toDateString()
    ? `atualizado às ${time(when)}`
    : `atualizado em ${day(when)} às ${time(when)}`
}

/**
 * keepOffline runs while the signed-in app is open: it watches the connection, saves the
 * agenda's answers as they arrive and, when the connection is lost, restores what was saved.
 * It returns the function that stops it.
 */
export function keepOffline(client: QueryClient, auth: AuthStore) {
  const seat = () => {
    const { profile, seat } = auth.getState()
    return profile && seat ? { userId: profile.id, storeId: seat.storeId } : null
  }
  const unwatch = watchConnection()

  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    timer = undefined
    // A change under way shows what the server has not accepted yet: saved after it settles.
    if (client.isMutating() > 0) {
      timer = setTimeout(save, SAVE_DELAY_MS)
      return
    }
    const s = seat()
    if (s) saveOffline(client, s.userId, s.storeId)
  }
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') readAt.delete(event.query.queryHash) // sign-out clears the cache
    // Only answers from the server: an optimistic change (manual) is no read.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    const query = event.query as Query
    if (!isKept(query)) return
    noteRead(query)
    clearTimeout(timer)
    timer = setTimeout(save, SAVE_DELAY_MS)
  })

  const restore = () => {
    const s = seat()
    if (s && !onlineManager.isOnline()) restoreOffline(client, s.userId, s.storeId)
  }
  const unsubscribeOnline = onlineManager.subscribe(restore)
  // A reload or a closed tab within a second of an answer: what it read is saved now.
  const flush = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    timer = undefined
    save()
  }
  window.addEventListener('pagehide', flush)
  if (deviceOffline()) connectionLost()
  restore()

  return () => {
    clearTimeout(timer)
    window.removeEventListener('pagehide', flush)
    unsubscribeCache()
    unsubscribeOnline()
    unwatch()
  }
}

/**
 * installApp registers the service worker (public/sw.js) and hands it the app's files loaded so
 * far, after loading the pages `warm` names, so the installed app starts without a signal.
 */
export async function installApp(warm: (() => Promise<unknown>)[]) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  try {
    await Promise.all(warm.map((load) => load()))
    await navigator.serviceWorker.register('/sw.js')
    const registration = await navigator.serviceWorker.ready
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name, location.origin).pathname.startsWith('/assets/'))
    registration.active?.postMessage({ type: 'keep', urls })
  } catch (error) {
    console.error('Não foi possível preparar o app para uso sem internet', error)
  }
}
