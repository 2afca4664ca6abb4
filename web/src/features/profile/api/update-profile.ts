import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type { ProfileUpdate as ApiProfileUpdate } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { Profile } from '@/lib/auth/types'
import { toE164BR } from '@/lib/phone'
import { NAME_MAX, tooLongMessage } from '@/lib/limits'

export const profileFormSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe seu nome'), z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX))),
  phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || toE164BR(v) !== null, {
      message: 'Informe um telefone válido com DDD, como (11) 91234-5678',
    }),
  ),
})

export type ProfileForm = z.infer<typeof profileFormSchema>

export type ProfileUpdate = ApiProfileUpdate

// PATCH /api/v1/profile → Profile
export function updateProfile(input: ProfileUpdate) {
  return api.patch<Profile>('/profile', input)
}

/** useUpdateProfile saves the profile and puts the answer in the auth state and its cache. */
export function useUpdateProfile() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => store.setProfile(profile),
  })
}
