import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'

import { api } from '@/lib/api-client'
import { PHONE_INVALID, toE164BR } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'

import type { Client } from './get-clients'

export const clientFormSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o nome do cliente'),
    z.maxLength(120, 'Use no máximo 120 caracteres'),
  ),
  phone: z.string().check(z.refine((v) => toE164BR(v) !== null, { message: PHONE_INVALID })),
})

export type ClientFormValues = z.infer<typeof clientFormSchema>

export type ClientUpdate = { name: string; phone: string }

// PUT /api/v1/clients/{phone} {name, phone} → Client. Rewrites name and phone on every
// appointment that carries the old phone (SPEC.md section 4).
export function updateClient({ phone, input }: { phone: string; input: ClientUpdate }) {
  return api.put<Client>(`/clients/${encodeURIComponent(phone)}`, input)
}

export function useUpdateClient() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => {
      for (const queryKey of [queryKeys.clients, queryKeys.appointments, queryKeys.dashboard]) {
        void client.invalidateQueries({ queryKey })
      }
    },
  })
}

export function formToClientUpdate(values: ClientFormValues): ClientUpdate {
  return { name: values.name.trim(), phone: toE164BR(values.phone) ?? values.phone }
}
