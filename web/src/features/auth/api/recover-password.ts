import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { EMAIL_INVALID } from './messages'

export const recoverInputSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe seu email'), z.regex(z.regexes.email, EMAIL_INVALID)),
})

export type RecoverInput = z.infer<typeof recoverInputSchema>

// POST /api/v1/auth/recover — always 200, whether or not the account exists.
export function recoverPassword(input: RecoverInput) {
  return api.post<Api.MessageResponse>('/auth/recover', input, { auth: false })
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword })
}
