import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { invalidateAfterChange } from './cache'
import type { Appointment } from './get-appointments'
import type { TrashPage } from './get-trash'

// POST /api/v1/trash/{id}/restore → 201 Appointment with a new id. 422 when its service or
// professional is gone, 409 when its time was taken meanwhile (force confirms); then nothing changes.
export function restoreAppointment(trashId: string, force = false) {
  const body: Api.RestoreInput | undefined = force ? { force } : undefined
  return api.post<Appointment>(`/trash/${encodeURIComponent(trashId)}/restore`, body)
}

/** RestoreVariables are the trash item's id and the request's body. */
export type RestoreVariables = { id: string } & Api.RestoreInput

/** removeFromTrash takes an item out of every cached trash page; it answers the pages before. */
export function removeFromTrash(client: QueryClient, trashId: string) {
  const before = client.getQueriesData<TrashPage>({ queryKey: queryKeys.trash })
  for (const [key, page] of before) {
    if (!page?.items.some((i) => i.id === trashId)) continue
    client.setQueryData<TrashPage>(key, {
      ...page,
      items: page.items.filter((i) => i.id !== trashId),
      total: Math.max(0, page.total - 1),
    })
  }
  return before
}

/** useRestoreAppointment restores from the Lixeira: gone from the list at once, back on failure. */
export function useRestoreAppointment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, force }: RestoreVariables) => restoreAppointment(id, force),
    onMutate: async ({ id }) => {
      await client.cancelQueries({ queryKey: queryKeys.trash })
      return { before: removeFromTrash(client, id) }
    },
    onError: (_error, _id, context) => {
      for (const [key, page] of context?.before ?? []) client.setQueryData(key, page)
    },
    onSettled: () => invalidateAfterChange(client, [queryKeys.trash]),
  })
}
