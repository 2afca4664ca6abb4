import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PlatformIntegrity as ApiPlatformIntegrity } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** PlatformIntegrity: how many accounts were checked, and those with findings (no client is named). */
export type PlatformIntegrity = ApiPlatformIntegrity

// POST /api/v1/admin/integrity → every account checked, each in its own bounded read; audited.
export function runIntegrity() {
  return api.post<PlatformIntegrity>('/admin/integrity')
}

export function useRunIntegrity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: runIntegrity,
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.auditAll }),
  })
}
