import { queryOptions, useQuery } from '@tanstack/react-query'

import { api, isApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { WorkingHours } from '@/lib/working-hours'

export type BookingFlow = 'service-first' | 'professional-first'

export type PaymentMethod = 'pix' | 'cash' | 'credit_card' | 'debit_card'

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random'

export type PaymentSettings = {
  acceptedMethods: string[]
  pixKey: string
  pixKeyType: string
  pixReceiverName: string
  pixCity: string
}

export type SocialMedia = { instagram: string; facebook: string; whatsapp: string }

/** Store is the owner's store profile (GET /api/v1/store); name is '' until it is set up. */
export type Store = {
  id: string
  userId: string
  name: string
  description: string
  phone: string
  address: string
  /** '/files/<id>' or null. */
  logo: string | null
  bookingFlow: BookingFlow
  heroGradient: string
  workingHours: WorkingHours
  socialMedia: SocialMedia
  paymentSettings: PaymentSettings
  /** null until the store has a name. */
  slug: string | null
  timeZone: string
  minNoticeMin: number
  horizonDays: number
  createdAt: string
  updatedAt: string
}

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
