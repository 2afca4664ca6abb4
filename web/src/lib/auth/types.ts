import type * as Api from '@/lib/api-schema'

/** Profile is the signed-in owner's profile (GET /api/v1/profile). */
export type Profile = Api.Profile

/** Session is the short-lived access token; the refresh token lives in an HttpOnly cookie. */
export type Session = Api.SessionBody

/** Seat is the store a session acts in and the person's role there (issue 26). */
export type Seat = Api.Seat

/** SessionResponse answers sign-up, sign-in and refresh. */
export type SessionResponse = Api.SessionResponse

export type SignOutScope = NonNullable<Api.SignOutRequest['scope']>

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'

export type AuthState = {
  profile: Profile | null
  session: Session | null
  /** The store the session acts in and the role there; a cached one stands in at start. */
  seat: Seat | null
  /** True when both a profile and a session exist (or, at start, a cached profile awaits its refresh). */
  isAuthenticated: boolean
  isLoading: boolean
}
