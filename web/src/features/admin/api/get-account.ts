import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AccountDetail as ApiAccountDetail } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** AccountDetail: the account, its usage against the free limit and its plan history. */
export type AccountDetail = ApiAccountDetail

// GET /api/v1/admin/accounts/{id}
export function getAccount(id: string) {
  return api.get<AccountDetail>(`/admin/accounts/${encodeURIComponent(id)}`)
}

export const accountQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.account(id), queryFn: () => getAccount(id) })

export function useAccount(id: string | null) {
  return useQuery({ ...accountQueryOptions(id ?? ''), enabled: id !== null })
}
