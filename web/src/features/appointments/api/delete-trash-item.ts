import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { removeFromTrash } from './restore-appointment'

// DELETE /api/v1/trash/{id} → 204: removes only the deleted copy, for good.
export function deleteTrashItem(trashId: string) {
  return api.delete<void>(`/trash/${encodeURIComponent(trashId)}`)
}

export function useDeleteTrashItem() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteTrashItem,
    onSuccess: (_data, trashId) => removeFromTrash(client, trashId),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.trash }),
  })
}
