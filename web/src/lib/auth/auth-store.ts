import { isApiError, request, setAuthBridge } from '../api-client'
import { readJSON, readString, removeItem, writeJSON, writeString } from '../storage'
import type { AuthEvent, AuthState, Profile, Seat, SessionResponse, SignOutScope } from './types'

export const LAST_USER_KEY = 'agendo:last-user'
export const profileKey = (userId: string) => `agendo:profile:${userId}`
export const seatKey = (userId: string) => `agendo:seat:${userId}`
/** The agenda kept for reading offline (lib/offline). */
export const offlineKey = (userId: string) => `agendo:offline:${userId}`

/** The session is refreshed when within 90 s of expiry, checked every 30 s (SPEC.md 4, 9). */
export const REFRESH_TICK_MS = 30_000
export const REFRESH_MARGIN_MS = 90_000
/** Network failures and 502/503/504 are retried, backing off from 200 ms, for up to 30 s. */
const RETRY_FIRST_DELAY_MS = 200
const RETRY_WINDOW_MS = 30_000

export type AuthStore = ReturnType<typeof createAuthStore>

function readCachedProfile(): Profile | null {
  const userId = readString(LAST_USER_KEY)
  if (!userId) return null
  const profile = readJSON<Profile | null>(profileKey(userId), null)
  return profile && profile.id === userId ? profile : null
}

/** A failure worth retrying; not the signed-in app's refusal to send offline (lib/connection). */
function isTransient(error: unknown) {
  return isApiError(error) && error.code !== 'offline' && [0, 502, 503, 504].includes(error.status)
}

/** Sign-out ignores 401, 403 and 404: the session is already gone or was never there. */
export function isIgnorableSignOutError(error: unknown) {
  return isApiError(error) && [401, 403, 404].includes(error.status)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function withRetry<T>(call: () => Promise<T>): Promise<T> {
  const started = Date.now()
  for (let delay = RETRY_FIRST_DELAY_MS; ; delay *= 2) {
    try {
      return await call()
    } catch (error) {
      if (!isTransient(error) || Date.now() + delay - started > RETRY_WINDOW_MS) throw error
      await sleep(delay)
    }
  }
}

/**
 * createAuthStore holds the authentication state outside React so the API client can read the
 * token. The access token lives only in memory; a returning user's cached profile makes the
 * start instant while the refresh runs in the background.
 */
export function createAuthStore() {
  const cached = readCachedProfile()
  // True while a cached profile stands in for a session that the first refresh will confirm.
  let optimistic = cached !== null
  const cachedSeat = cached ? readJSON<Seat | null>(seatKey(cached.id), null) : null
  let state: AuthState = derive({ profile: cached, session: null, seat: cachedSeat, isLoading: !cached })
  let refreshing: Promise<string | null> | null = null
  let initializing: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  let users = 0 // mounted components that need the session (start/stop pairs)
  // Bumped by sign-in and sign-out so a refresh that was already in flight cannot undo them.
  let generation = 0
  const listeners = new Set<() => void>()
  const eventListeners = new Set<(event: AuthEvent, state: AuthState) => void>()

  function derive(s: Omit<AuthState, 'isAuthenticated'>): AuthState {
    return { ...s, isAuthenticated: s.profile !== null && (s.session !== null || optimistic) }
  }

  function set(patch: Partial<Omit<AuthState, 'isAuthenticated'>>) {
    state = derive({ ...state, ...patch })
    listeners.forEach((listener) => listener())
  }

  function emit(event: AuthEvent) {
    eventListeners.forEach((listener) => listener(event, state))
  }

  function cacheProfile(profile: Profile) {
    writeString(LAST_USER_KEY, profile.id)
    writeJSON(profileKey(profile.id), profile)
  }

  function applySession(response: SessionResponse) {
    optimistic = false
    const profile = response.profile ?? null
    if (profile) cacheProfile(profile)
    writeJSON(seatKey(response.session.user.id), response.store)
    // Keep the cached profile only while it belongs to the session's user.
    const kept = state.profile?.id === response.session.user.id ? state.profile : null
    set({ session: response.session, profile: profile ?? kept, seat: response.store })
  }

  /** clearLocal ends the session in this browser: memory, cached profile and last user. */
  function clearLocal() {
    const hadUser = state.profile !== null || state.session !== null
    const userId = state.profile?.id ?? state.session?.user.id ?? readString(LAST_USER_KEY)
    if (userId) {
      removeItem(profileKey(userId))
      removeItem(seatKey(userId))
      removeItem(offlineKey(userId))
    }
    removeItem(LAST_USER_KEY)
    generation++
    optimistic = false
    set({ profile: null, session: null, seat: null, isLoading: false })
    if (hadUser) emit('SIGNED_OUT')
  }

  async function loadProfile() {
    try {
      const profile = await request<Profile>('/profile')
      cacheProfile(profile)
      set({ profile })
    } catch (error) {
      console.error('Erro ao carregar o perfil', error)
    } finally {
      set({ isLoading: false })
    }
  }

  async function doRefresh(): Promise<string | null> {
    const startedAt = generation
    try {
      // 204: this browser holds no refresh cookie, so no session (a visitor, or signed out).
      const response = await withRetry(() =>
        request<SessionResponse | undefined>('/auth/refresh', { method: 'POST', auth: false }),
      )
      if (startedAt !== generation) return state.session?.accessToken ?? null
      if (!response) {
        clearLocal()
        return null
      }
      applySession(response)
      emit('TOKEN_REFRESHED')
      return response.session.accessToken
    } catch (error) {
      if (startedAt !== generation) return state.session?.accessToken ?? null
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        clearLocal() // the refresh cookie is missing, expired or revoked
      } else {
        console.error('Erro ao renovar a sessão', error)
      }
      return null
    }
  }

  /** refresh renews the access token; concurrent callers share one request. */
  function refresh(): Promise<string | null> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  function init(): Promise<void> {
    initializing ??= (async () => {
      await refresh()
      if (state.session && !state.profile) await loadProfile()
      set({ isLoading: false })
      emit('INITIAL_SESSION')
    })()
    return initializing
  }

  function tick() {
    const session = state.session
    if (session && session.expiresAt * 1000 - Date.now() < REFRESH_MARGIN_MS) void refresh()
  }

  return {
    getState: () => state,

    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    /** onEvent reports SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED and INITIAL_SESSION. */
    onEvent: (listener: (event: AuthEvent, state: AuthState) => void) => {
      eventListeners.add(listener)
      return () => {
        eventListeners.delete(listener)
      }
    },

    /**
     * start runs the first refresh (once) and the 30 s refresh check while anything needs the
     * session; each start is paired with a stop, and the check ends with the last stop.
     */
    start: () => {
      users++
      void init()
      timer ??= setInterval(tick, REFRESH_TICK_MS)
    },

    stop: () => {
      users = Math.max(0, users - 1)
      if (users > 0 || timer === null) return
      clearInterval(timer)
      timer = null
    },

    /**
     * remembersUser tells whether this browser was signed in when last used: only then can a
     * refresh cookie exist, so a visitor's pages skip a refresh that could sign nobody in.
     */
    remembersUser: () => state.profile !== null || state.session !== null || readString(LAST_USER_KEY) !== null,

    getAccessToken: async () => {
      void init()
      if (refreshing) await refreshing
      return state.session?.accessToken ?? null
    },

    refresh,

    /** setSession stores the session that sign-in or sign-up returned. */
    setSession: async (response: SessionResponse) => {
      generation++
      initializing ??= Promise.resolve() // a sign-in needs no start-up refresh
      applySession(response)
      if (!state.profile) await loadProfile()
      set({ isLoading: false })
      emit('SIGNED_IN')
    },

    /** setProfile replaces the profile after an update; it does nothing when no user is loaded. */
    setProfile: (profile: Profile) => {
      if (!state.profile) return
      cacheProfile(profile)
      set({ profile })
      emit('USER_UPDATED')
    },

    /** setSeat replaces the seat after the owner links their own agenda ('Minha agenda'). */
    setSeat: (seat: Seat) => {
      const userId = state.profile?.id ?? state.session?.user.id
      if (!userId) return
      writeJSON(seatKey(userId), seat)
      set({ seat })
    },

    /**
     * signOut ends sessions on the server ('local' this one, 'global' all, 'others' the rest).
     * 'local' and 'global' always clear this browser's state; failures other than 401/403/404
     * are rethrown so the caller can log or report them.
     */
    signOut: async (scope: SignOutScope = 'local') => {
      let failure: Error | null = null
      try {
        await request<void>('/auth/signout', { method: 'POST', body: { scope } })
      } catch (error) {
        // Offline nothing reached the server: its session (and this browser's refresh cookie)
        // would outlive a local sign-out and sign the user back in, so nothing is cleared.
        if (isApiError(error) && error.code === 'offline') throw error
        if (!isIgnorableSignOutError(error)) {
          failure = error instanceof Error ? error : new Error(String(error))
        }
      }
      if (scope !== 'others') clearLocal()
      if (failure) throw failure
    },
  }
}

/** authStore is the app's one auth state; the API client reads its token through the bridge. */
export const authStore = createAuthStore()
setAuthBridge(authStore)
