import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Service } from './get-services'
import type { ServiceInput } from './service-form'

// POST /api/v1/services → 201 Service
export function createService(input: ServiceInput) {
  return api.post<Service>('/services', input)
}

export function useCreateService() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createService,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.services })
      void client.invalidateQueries({ queryKey: queryKeys.onboarding })
    },
  })
}
