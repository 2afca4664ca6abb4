import { useEffect, type ReactNode } from 'react'

import { AuthStoreContext } from './auth-context'
import { authStore, type AuthStore } from './auth-store'

/** AuthProvider starts the session (first refresh, then the 30 s expiry check) while mounted. */
export function AuthProvider({ store = authStore, children }: { store?: AuthStore; children: ReactNode }) {
  useEffect(() => {
    store.start()
    return () => store.stop()
  }, [store])
  return <AuthStoreContext value={store}>{children}</AuthStoreContext>
}
