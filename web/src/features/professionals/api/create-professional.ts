import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Professional } from './get-professionals'
import type { ProfessionalInput } from './professional-form'

// POST /api/v1/professionals → 201 Professional
export function createProfessional(input: ProfessionalInput) {
  return api.post<Professional>('/professionals', input)
}

export function useCreateProfessional() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createProfessional,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.professionals })
      void client.invalidateQueries({ queryKey: queryKeys.onboarding })
    },
  })
}
