import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'


/** DeletedAppointment is an appointment in the trash: `id` is the trash item's own id. */
export type DeletedAppointment = Api.DeletedAppointment & { isDeleted?: boolean }

export type TrashPage = Omit<Api.TrashPage, 'items'> & { items: DeletedAppointment[] }

export const TRASH_PAGE_SIZE = 20

// GET /api/v1/trash?limit&offset → {items, total, retentionDays} (deleted_at descending; the
// server purges what is older than the retention first).
export async function getTrash(offset: number): Promise<TrashPage> {
  const page = await api.get<TrashPage | null>(`/trash?limit=${TRASH_PAGE_SIZE}&offset=${offset}`)
  return { items: page?.items ?? [], total: page?.total ?? 0, retentionDays: page?.retentionDays ?? 30 }
}

export const trashQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: [...queryKeys.trash, { offset }],
    queryFn: () => getTrash(offset),
    placeholderData: keepPreviousData,
  })

export function useTrash(offset: number) {
  return useQuery(trashQueryOptions(offset))
}
