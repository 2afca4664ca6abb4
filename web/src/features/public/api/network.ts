import type { FetchStatus } from '@tanstack/react-query'

import { ApiError, isApiError } from '@/lib/api-client'

// How the public pages live with a phone's connection: a request that never answers gives up
// and counts as no connection; reads keep trying while the connection is down; the booking
// itself is never sent again without the customer (it may have reached the store).

const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.'

/** isNetworkError: the request got no answer (offline, dropped, timed out), not a refusal. */
export function isNetworkError(error: unknown) {
  return isApiError(error) && error.code === 'network'
}

/**
 * withTimeout runs a request with a signal that aborts after `ms`; a timeout is reported as a
 * network error, a cancel by `outer` (TanStack Query's) as the abort it is.
 */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, ms)
  const cancel = () => controller.abort()
  outer?.addEventListener('abort', cancel)
  try {
    return await run(controller.signal)
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, code: 'network', message: NETWORK_MESSAGE })
    throw error
  } finally {
    clearTimeout(timer)
    outer?.removeEventListener('abort', cancel)
  }
}

/** How long a read waits for an answer before it counts as no connection. */
export const READ_TIMEOUT_MS = 15_000
/** How long the booking waits: longer, so a slow 3G answer is not taken for a failure. */
export const WRITE_TIMEOUT_MS = 30_000

/**
 * retryReads: a read without an answer is tried again for as long as it takes (TanStack Query
 * pauses the tries while the browser is offline and resumes them when it is back); a server
 * error three times; a 4xx never, as it is an answer.
 */
export function retryReads(failures: number, error: unknown) {
  if (isNetworkError(error)) return true
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failures < 3
}

/** retryDelay: 1 s, 2 s, 4 s, then every 8 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000)

/** LoadState is what a screen waiting for a read shows. */
export type LoadState = 'ready' | 'loading' | 'offline' | 'failed'

/**
 * loadState reads a query as the customer should see it: its data (even while a refresh fails
 * in the background), loading, no connection (paused offline, or retrying after no answer), or
 * a failure the server reported.
 */
export function loadState(q: {
  data: unknown
  isPlaceholderData: boolean
  isError: boolean
  fetchStatus: FetchStatus
  failureReason: unknown
}): LoadState {
  if (q.data !== undefined && !q.isPlaceholderData) return 'ready'
  if (q.fetchStatus === 'paused' || isNetworkError(q.failureReason)) return 'offline'
  if (q.isError) return 'failed'
  return 'loading'
}
