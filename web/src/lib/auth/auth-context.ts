import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'

import { authStore, type AuthStore } from './auth-store'

export const AuthStoreContext = createContext<AuthStore>(authStore)

/** useAuthStore returns the auth store (sign-in, sign-out, profile updates). */
export function useAuthStore() {
  return useContext(AuthStoreContext)
}

/**
 * useAuth returns the authentication state: profile, session, isAuthenticated, isLoading. While
 * mounted it keeps the session running (the first refresh, then the 30 s expiry check).
 */
export function useAuth() {
  const store = useAuthStore()
  useEffect(() => {
    store.start()
    return () => store.stop()
  }, [store])
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}
