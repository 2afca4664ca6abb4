import type { ReactNode } from 'react'

import { AuthStoreContext } from './auth-context'
import { authStore, type AuthStore } from './auth-store'

/**
 * AuthProvider hands the auth store to the tree. The session itself starts with the first
 * component that reads it (useAuth), so the public store pages, which never do, send no
 * refresh request for a customer who has no account.
 */
export function AuthProvider({ store = authStore, children }: { store?: AuthStore; children: ReactNode }) {
  return <AuthStoreContext value={store}>{children}</AuthStoreContext>
}
