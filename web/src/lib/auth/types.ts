/** Profile is the signed-in owner's profile (GET /api/v1/profile). */
export type Profile = {
  id: string
  name: string
  email: string
  phone: string | null
  avatar: string | null
}

/** Session is the short-lived access token; the refresh token lives in an HttpOnly cookie. */
export type Session = {
  accessToken: string
  tokenType: 'bearer'
  /** Lifetime in seconds. */
  expiresIn: number
  /** Unix time in seconds. */
  expiresAt: number
  user: { id: string; email: string; metadata: { name: string } }
}

/** SessionResponse answers sign-up, sign-in and refresh. */
export type SessionResponse = { session: Session; profile?: Profile | null }

export type SignOutScope = 'local' | 'global' | 'others'

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'

export type AuthState = {
  profile: Profile | null
  session: Session | null
  /** True when both a profile and a session exist (or, at start, a cached profile awaits its refresh). */
  isAuthenticated: boolean
  isLoading: boolean
}
