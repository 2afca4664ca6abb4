import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api, isApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { WorkingHours } from '@/lib/working-hours'

export type BookingFlow = Api.Store['bookingFlow']

/** PaymentMethod is a method a store may announce (every method but 'other'). */
export type PaymentMethod = Api.PaymentSettings['acceptedMethods'][number]

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random' // '' until a key is set, so not an API enum

export type PaymentSettings = Api.PaymentSettings

export type SocialMedia = Api.SocialMedia

/** Store is the owner's store profile (GET /api/v1/store); name is '' until it is set up. */
export type Store = Omit<Api.Store, 'workingHours'> & { workingHours: WorkingHours }

// GET /api/v1/store. A missing store reads as none (SPEC.md 8: "no rows" is not an error).
export async function getStore(): Promise<Store | null> {
  try {
    return await api.get<Store>('/store')
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

export const storeQueryOptions = () => queryOptions({ queryKey: queryKeys.store, queryFn: getStore })

export function useStore() {
  return useQuery(storeQueryOptions())
}
