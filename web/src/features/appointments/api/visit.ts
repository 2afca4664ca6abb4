import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type * as Api from '@/lib/api-schema'

import { invalidateAfterChange } from './cache'

// POST /api/v1/appointments/{id}/visit/cancel → {count}: every open service of the visit.
export function useCancelVisit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<Api.VisitChange>(`/appointments/${id}/visit/cancel`),
    onSuccess: () => invalidateAfterChange(client),
  })
}
