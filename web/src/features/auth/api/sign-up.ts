import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import { TERMS_VERSION } from '@/config/legal'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { SessionResponse } from '@/lib/auth/types'
import { NAME_MAX, tooLongMessage } from '@/lib/limits'

import { EMAIL_INVALID, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, REGISTER_REQUIRED, TERMS_REQUIRED } from './messages'

export const signUpInputSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, REGISTER_REQUIRED), z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX))),
  email: z
    .string()
    .check(z.trim(), z.minLength(1, REGISTER_REQUIRED), z.regex(z.regexes.email, EMAIL_INVALID)),
  password: z
    .string()
    .check(z.minLength(1, REGISTER_REQUIRED), z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)),
  terms: z.boolean().check(z.refine((v) => v, TERMS_REQUIRED)),
})

export type SignUpInput = z.infer<typeof signUpInputSchema>

// POST /api/v1/auth/signup, with the version of the terms the person ticked and, from an
// invitation's link, its code: the account then joins that salon's team.
export function signUp({ terms: _, ...input }: SignUpInput, invitation?: string) {
  return api.post<SessionResponse>(
    '/auth/signup',
    { ...input, acceptedTerms: TERMS_VERSION, ...(invitation ? { invitation } : {}) },
    { auth: false },
  )
}

/** useSignUp creates the account (joining the team of `invitation`, if any) and signs in with the session it answers. */
export function useSignUp(invitation?: string) {
  const store = useAuthStore()
  return useMutation({
    mutationFn: (input: SignUpInput) => signUp(input, invitation),
    onSuccess: (response) => (response?.session ? store.setSession(response) : undefined),
  })
}
