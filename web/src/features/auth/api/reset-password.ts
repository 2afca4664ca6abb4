import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './messages'

export const resetFormSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(1, 'Informe a nova senha'),
        z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
      ),
    confirm: z.string().check(z.minLength(1, 'Confirme a nova senha')),
  })
  .check(
    z.refine((v) => v.password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER }),
  )

export type ResetForm = z.infer<typeof resetFormSchema>

// POST /api/v1/auth/reset → 204
export function resetPassword(input: Api.ResetRequest) {
  return api.post<void>('/auth/reset', input, { auth: false })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
