import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

// GET /api/v1/auth/access → {isAdmin}. Any error means "not an admin" (SPEC.md section 6).
export async function getIsAdmin(): Promise<boolean> {
  try {
    const access = await api.get<Api.AccessResponse | null>('/auth/access')
    return access?.isAdmin === true
  } catch (error) {
    console.error('Erro ao verificar acesso de administrador', error)
    return false
  }
}

export const accessQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'access'], queryFn: getIsAdmin, staleTime: 5 * 60_000 })

export function useIsAdmin() {
  return useQuery(accessQueryOptions()).data === true
}
