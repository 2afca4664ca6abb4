import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router'

import { AppProvider } from '@/app/provider'
import { routes } from '@/app/routes'
import { setAuthBridge } from '@/lib/api-client'
import { type AuthStore, createAuthStore } from '@/lib/auth/auth-store'
import { createQueryClient } from '@/lib/query-client'

/**
 * renderApp renders the real route table at a path, with a fresh auth store (started by the
 * first page that reads the session, as in the app) and a fresh query client. Mock fetch before calling it.
 * An entry with state stands for a history entry the app made (a reload keeps its state).
 * A test that watches the auth store (a spy on its methods) makes it and passes it in.
 */
export function renderApp(path: InitialEntry, { authStore = createAuthStore() }: { authStore?: AuthStore } = {}) {
  setAuthBridge(authStore)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <AppProvider authStore={authStore} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, router, authStore, queryClient }
}
