import { type Query, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type { ClientUpdate as ApiClientUpdate } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { ignoreEchoOf } from '@/lib/live-updates'
import { formatPhone, isMaskedPhone, PHONE_INVALID, toE164BR } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'
import { LIMITS } from '@/lib/api-limits'
import { NAME_MAX, tooLongMessage } from '@/lib/limits'

import { formatBirthday } from '../utils/birthday'
import { type ClientDetail, clientPathId, clientQueryOptions, forgetClient, isClientQuery } from './get-client'
import type { Client } from './get-clients'

export const clientFormSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o nome do cliente'),
    z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX)),
  ),
  // A masked phone (a professional's view of a client) goes back to the server as it is.
  // A phone without DDD is the server's to read (it takes the store's DDD).
  phone: z.string().check(
    z.refine((v) => toE164BR(v) !== null || isMaskedPhone(v) || /^\D*(\d\D*){8,9}$/.test(v), { message: PHONE_INVALID }),
  ),
  // The record (issue 29): the server reads a phone without DDD, a birthday as 15/03 or
  // 15/03/1985, and answers under each field what it refuses.
  phone2: z.string(),
  email: z.string().check(z.maxLength(LIMITS.email, tooLongMessage(LIMITS.email))),
  birthday: z.string(),
  notes: z.string().check(z.maxLength(LIMITS.clientNotes, tooLongMessage(LIMITS.clientNotes))),
  tags: z.array(z.string()).check(z.maxLength(LIMITS.tags, `Use até ${LIMITS.tags} etiquetas`)),
})

export type ClientFormValues = z.infer<typeof clientFormSchema>

export type ClientUpdate = ApiClientUpdate

// PUT /api/v1/clients/{phone} {name, phone, record…} → Client. Rewrites name and phone on every
// appointment that carries the old phone (SPEC.md section 4), and saves the record; a record
// field left out stays as it is.
export function updateClient({ phone, input }: { phone: string; input: ClientUpdate }) {
  return api.put<Client>(`/clients/${encodeURIComponent(phone)}`, input)
}

export function useUpdateClient() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (variables: { phone: string; input: ClientUpdate }) => {
      // This tab refreshes what the change affects itself (below); the server's echo of it
      // would refetch the old phone's page, which no longer exists.
      ignoreEchoOf(variables.input.phone)
      return updateClient(variables)
    },
    onSuccess: async (saved, { phone }) => {
      const oldKey = clientQueryOptions(phone).queryKey
      const moved = clientPathId(saved.phone) !== clientPathId(phone)
      if (moved) {
        // No appointment carries the old phone any more: its page would answer 404. It is not
        // refetched; the new phone's page starts from what the old one showed.
        await client.cancelQueries({ queryKey: oldKey })
        const old = client.getQueryData(oldKey)
        if (old) client.setQueryData(clientQueryOptions(saved.phone).queryKey, { ...old, ...saved })
      }
      // The old phone's page and what hangs from it (its consent, its rewards): none of it
      // exists any more.
      const isOld = (query: Query) => moved && isClientQuery(query, phone)
      for (const queryKey of [queryKeys.clients, queryKeys.appointments, queryKeys.dashboard]) {
        void client.invalidateQueries({ queryKey, predicate: (query) => !isOld(query) })
      }
      if (moved) forgetClient(client, phone)
    },
  })
}

/** clientFormValues fills the form from a client's page. */
export function clientFormValues(client: ClientDetail): ClientFormValues {
  const masked = isMaskedPhone(client.phone)
  return {
    name: client.name,
    phone: masked ? client.phone : formatPhone(client.phone),
    phone2: client.record.phone2 && !isMaskedPhone(client.record.phone2) ? formatPhone(client.record.phone2) : client.record.phone2,
    email: client.record.email,
    birthday: formatBirthday(client.record.birthday),
    notes: client.record.notes,
    tags: client.record.tags ?? [],
  }
}

/**
 * formToClientUpdate sends what the form holds. A member who sees masked phones sees no email
 * and no second phone either: those are left out, so they stay as they are.
 */
export function formToClientUpdate(values: ClientFormValues): ClientUpdate {
  const masked = isMaskedPhone(values.phone)
  return {
    name: values.name.trim(),
    phone: toE164BR(values.phone) ?? values.phone,
    ...(masked ? {} : { phone2: values.phone2.trim(), email: values.email.trim() }),
    birthday: values.birthday.trim(),
    notes: values.notes.trim(),
    tags: values.tags,
  }
}
