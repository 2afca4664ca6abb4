import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { phoneDigits } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'

/** ClientReward is one of a client's cards, with the promotion it belongs to. */
export type ClientReward = Api.ClientReward

export type ClientRewards = Api.ClientRewards

export type Redemption = Api.Redemption

// GET /api/v1/clients/{phone}/rewards → {earned, cards, redemptions}
export async function getClientRewards(phone: string): Promise<ClientRewards> {
  const out = await api.get<ClientRewards>(`/clients/${encodeURIComponent(phone)}/rewards`)
  return { earned: out.earned ?? [], cards: out.cards ?? [], redemptions: out.redemptions ?? [] }
}

// Under the clients' key: a change to a client (their phone, a visit completed, a reward used)
// refreshes their rewards with the rest of their page.
export const clientRewardsQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: [...queryKeys.clients, 'rewards', phoneDigits(phone)],
    queryFn: () => getClientRewards(phone),
  })

export function useClientRewards(phone: string) {
  return useQuery(clientRewardsQueryOptions(phone))
}
