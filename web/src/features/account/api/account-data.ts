import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AccountDeletion } from '@/lib/api-schema'
import { api, download } from '@/lib/api-client'

const deletionKey = ['account', 'deletion'] as const

// GET /api/v1/account/export → a zip of all the account's data (JSON and CSV per kind, and
// the uploaded images).
export function exportAccount() {
  return download('/account/export', 'agendo-meus-dados.zip')
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount })
}

// GET /api/v1/account/deletion → whether a deletion is pending, and when it happens.
export const accountDeletionQueryOptions = () =>
  queryOptions({ queryKey: deletionKey, queryFn: () => api.get<AccountDeletion>('/account/deletion') })

export function useAccountDeletion() {
  return useQuery(accountDeletionQueryOptions())
}

// POST /api/v1/account/deletion {password} → the deletion, done in 7 days unless the owner
// signs in again; the account's other sessions end.
export function useRequestAccountDeletion() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => api.post<AccountDeletion>('/account/deletion', { password }),
    onSuccess: (deletion) => client.setQueryData(deletionKey, deletion),
  })
}

// DELETE /api/v1/account/deletion → the owner changed their mind.
export function useCancelAccountDeletion() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<void>('/account/deletion'),
    onSuccess: () => client.setQueryData(deletionKey, { pending: false, requestedAt: null, deleteAfter: null }),
  })
}
