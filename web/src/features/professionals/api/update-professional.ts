import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Professional } from './get-professionals'
import type { ProfessionalInput } from './professional-form'

// PUT /api/v1/professionals/{id} → Professional
export function updateProfessional({ id, input }: { id: string; input: ProfessionalInput }) {
  return api.put<Professional>(`/professionals/${encodeURIComponent(id)}`, input)
}

export function useUpdateProfessional() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateProfessional,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.professionals })
      void client.invalidateQueries({ queryKey: queryKeys.onboarding })
    },
  })
}
