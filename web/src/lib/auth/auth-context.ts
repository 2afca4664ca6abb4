import { createContext, useContext, useSyncExternalStore } from 'react'

import { authStore, type AuthStore } from './auth-store'

export const AuthStoreContext = createContext<AuthStore>(authStore)

/** useAuthStore returns the auth store (sign-in, sign-out, profile updates). */
export function useAuthStore() {
  return useContext(AuthStoreContext)
}

/** useAuth returns the authentication state: profile, session, isAuthenticated, isLoading. */
export function useAuth() {
  const store = useAuthStore()
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}
