import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './messages'

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Informe a senha atual')),
    newPassword: z
      .string()
      .check(
        z.minLength(1, 'Informe a nova senha'),
        z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
      ),
    confirm: z.string().check(z.minLength(1, 'Confirme a nova senha')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER }),
  )

export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>

// PUT /api/v1/auth/password → 204; the server ends every other session.
export function changePassword(input: Api.PasswordRequest) {
  return api.put<void>('/auth/password', input)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
