import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { type Gamification, gamificationQueryOptions } from './get-gamification'

// PUT /api/v1/gamification → Gamification (422 names fields like levels.2.minAppointments)
export function updateGamification(input: Gamification) {
  return api.put<Gamification>('/gamification', input)
}

export function useUpdateGamification() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateGamification,
    onSuccess: (saved) => {
      client.setQueryData(gamificationQueryOptions().queryKey, saved)
      // Every client's level and next milestone follow the new thresholds.
      void client.invalidateQueries({ queryKey: queryKeys.clients })
    },
  })
}
