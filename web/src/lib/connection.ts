import { onlineManager } from '@tanstack/react-query'

// Whether the app can reach the server (issue 28). The browser's own flag (navigator.onLine)
// only knows about the phone's network, not a metro tunnel's dead signal: a request that fails
// to connect also marks the app offline, so the queries pause with what they show instead of
// turning into errors, and a probe lets them try again a little later. Any answer from the
// server marks it online again.

/** How long after a failed connection the paused queries try again. */
export const PROBE_MS = 15_000

let probe: ReturnType<typeof setTimeout> | undefined
// Only the signed-in app, which has its agenda to show offline, watches the connection: a public
// page keeps failing fast, with its error and its 'Tentar novamente'.
let watchers = 0

/** watchConnection starts watching the connection; the function it returns stops. */
export function watchConnection() {
  watchers++
  return () => {
    watchers = Math.max(0, watchers - 1)
    if (watchers === 0) connectionBack()
  }
}

/** connectionWatched tells whether the signed-in app is watching the connection. */
export function connectionWatched() {
  return watchers > 0
}

/** connectionLost is called when a request could not reach the server. */
export function connectionLost() {
  if (watchers === 0) return
  onlineManager.setOnline(false)
  clearTimeout(probe)
  // While the phone says it has a network, try again later; when it says it has none, its
  // 'online' event (which the query client listens to) ends the pause.
  if (!deviceOffline()) probe = setTimeout(() => !deviceOffline() && onlineManager.setOnline(true), PROBE_MS)
}

/** connectionBack is called when the server answered. */
export function connectionBack() {
  clearTimeout(probe)
  if (!onlineManager.isOnline() && !deviceOffline()) onlineManager.setOnline(true)
}

/** deviceOffline tells whether the phone itself says it has no network. */
export function deviceOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}
