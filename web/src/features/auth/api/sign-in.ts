import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { SessionResponse } from '@/lib/auth/types'

import { LOGIN_REQUIRED } from './messages'

export const signInInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, LOGIN_REQUIRED)),
  password: z.string().check(z.minLength(1, LOGIN_REQUIRED)),
})

export type SignInInput = z.infer<typeof signInInputSchema>

// POST /api/v1/auth/signin
export function signIn(input: SignInInput) {
  return api.post<SessionResponse>('/auth/signin', input, { auth: false })
}

/** useSignIn signs in and stores the session (which reloads the app's data). */
export function useSignIn() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => (response?.session ? store.setSession(response) : undefined),
  })
}
