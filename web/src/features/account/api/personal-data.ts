import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type { PersonalData } from '@/lib/api-schema'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { SessionResponse } from '@/lib/auth/types'
import { saveFile } from '@/lib/save-file'

// GET /api/v1/account/personal-data → what Agendo keeps about the person (LGPD), apart from
// the salons' data: their profile, their teams and their sessions; saved as a JSON file.
export async function downloadPersonalData() {
  const data = await api.get<PersonalData>('/account/personal-data')
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'agendo-meus-dados-pessoais.json')
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData })
}

// POST /api/v1/team/leave → a new session in the person's own seat; every query was the salon's,
// so all are dropped. onLeft runs first: the new session makes the page the owner's, and the
// caller's own callbacks would not survive it.
export function useLeaveTeam(onLeft: () => void) {
  const store = useAuthStore()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<SessionResponse>('/team/leave'),
    onSuccess: async (response) => {
      onLeft()
      client.clear()
      await store.setSession(response)
    },
  })
}
