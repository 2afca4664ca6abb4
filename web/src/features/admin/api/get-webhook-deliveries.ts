import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { DeliveryPage as ApiDeliveryPage, WebhookDelivery as ApiWebhookDelivery } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

export type WebhookDelivery = ApiWebhookDelivery
export type DeliveryPage = ApiDeliveryPage

export const DELIVERIES_PAGE_SIZE = 20

export type DeliveriesFilter = { failures: boolean; offset: number }

// GET /api/v1/admin/webhook-deliveries?failures&limit&offset → {items, total}, the latest first;
// users' emails come masked.
export function getWebhookDeliveries({ failures, offset }: DeliveriesFilter) {
  const query = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE), offset: String(offset) })
  if (failures) query.set('failures', 'true')
  return api.get<DeliveryPage>(`/admin/webhook-deliveries?${query}`)
}

export const webhookDeliveriesQueryOptions = (filter: DeliveriesFilter) =>
  queryOptions({
    queryKey: adminKeys.deliveries(filter),
    queryFn: () => getWebhookDeliveries(filter),
    placeholderData: keepPreviousData,
  })

export function useWebhookDeliveries(filter: DeliveriesFilter) {
  return useQuery(webhookDeliveriesQueryOptions(filter))
}
