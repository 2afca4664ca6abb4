import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Service } from './get-services'
import type { ServiceInput } from './service-form'

// PUT /api/v1/services/{id} → Service
export function updateService({ id, input }: { id: string; input: ServiceInput }) {
  return api.put<Service>(`/services/${encodeURIComponent(id)}`, input)
}

export function useUpdateService() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.services })
      void client.invalidateQueries({ queryKey: queryKeys.onboarding })
    },
  })
}
