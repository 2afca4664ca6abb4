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

// PUT /api/v1/appointments/{id}/visit → {count}: every service of the visit, by the same step.
export function useMoveVisit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Api.VisitMove }) =>
      api.put<Api.VisitChange>(`/appointments/${id}/visit`, input),
    onSuccess: () => invalidateAfterChange(client),
  })
}
