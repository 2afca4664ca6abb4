import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'

import { ErrorBoundary } from '@/components/layout/error-boundary'
import { AuthProvider } from '@/lib/auth/auth-provider'
import { authStore as defaultAuthStore, type AuthStore } from '@/lib/auth/auth-store'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

/** Reload the data on every sign-in and drop it on sign-out (SPEC.md section 4). */
function SyncQueriesWithAuth({ store, client }: { store: AuthStore; client: QueryClient }) {
  useEffect(
    () =>
      store.onEvent((event) => {
        if (event === 'SIGNED_IN') void client.invalidateQueries()
        if (event === 'SIGNED_OUT') client.clear()
      }),
    [store, client],
  )
  return null
}

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
  authStore = defaultAuthStore,
}: {
  children: ReactNode
  queryClient?: QueryClient
  authStore?: AuthStore
}) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={authStore}>
          <SyncQueriesWithAuth store={authStore} client={queryClient} />
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
