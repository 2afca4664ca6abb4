import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'

import { authStore, type AuthStore } from './auth-store'

export const AuthStoreContext = createContext<AuthStore>(authStore)

/** useAuthStore returns the auth store (sign-in, sign-out, profile updates). */
export function useAuthStore() {
  return useContext(AuthStoreContext)
}

/**
 * useAuth returns the authentication state: profile, session, isAuthenticated, isLoading. While
 * mounted it keeps the session running (the first refresh, then the 30 s expiry check). With
 * `onlyIfRemembered` (a visitor's pages) it does so only in a browser that was signed in, so
 * a first-time visitor sends no refresh that can only fail.
 */
export function useAuth({ onlyIfRemembered = false }: { onlyIfRemembered?: boolean } = {}) {
  const store = useAuthStore()
  useEffect(() => {
    if (onlyIfRemembered && !store.remembersUser()) return
    store.start()
    return () => store.stop()
  }, [store, onlyIfRemembered])
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}
