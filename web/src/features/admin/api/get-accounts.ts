import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { Account as ApiAccount, AccountPage as ApiAccountPage } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { type AccountsFilter, adminKeys } from './keys'

/** Account: one account as the admin sees it — the owner, the store, the figures; never its clients. */
export type Account = ApiAccount
export type AccountPage = ApiAccountPage

export const ACCOUNTS_PAGE_SIZE = 20

// GET /api/v1/admin/accounts?q&plan&locked&limit&offset → {items, total}, the newest first.
export function getAccounts({ q, plan, locked, offset }: AccountsFilter) {
  const query = new URLSearchParams({ limit: String(ACCOUNTS_PAGE_SIZE), offset: String(offset) })
  if (q.trim()) query.set('q', q.trim())
  if (plan) query.set('plan', plan)
  if (locked) query.set('locked', 'true')
  return api.get<AccountPage>(`/admin/accounts?${query}`)
}

export const accountsQueryOptions = (filter: AccountsFilter) =>
  queryOptions({ queryKey: adminKeys.accounts(filter), queryFn: () => getAccounts(filter), placeholderData: keepPreviousData })

export function useAccounts(filter: AccountsFilter) {
  return useQuery(accountsQueryOptions(filter))
}
