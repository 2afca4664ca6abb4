import { QueryClient } from '@tanstack/react-query'

import { isApiError } from './api-client'
import { connectionWatched } from './connection'

/**
 * Client errors (4xx) are answers, not outages: retrying them changes nothing. In the signed-in
 * app a server out of reach is waited for: the query pauses with what it shows until the
 * connection returns (lib/connection, issue 28).
 */
export function retryQuery(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status === 0 && connectionWatched()) return true
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 3
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 5 * 60_000, retry: retryQuery },
      // A change is sent once or refused (offline it fails at once, saying nothing was sent):
      // never paused to go by itself when the signal returns (issue 28).
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

export const queryClient = createQueryClient()
