import type { SessionResponse } from '@/lib/auth/types'

/** hasUser tells whether a sign-in or sign-up answer carries the signed-in user. */
export function hasUser(response: SessionResponse | undefined | null): response is SessionResponse {
  return Boolean(response?.session?.accessToken && response.session.user?.id)
}
