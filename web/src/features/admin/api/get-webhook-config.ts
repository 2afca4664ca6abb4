import { queryOptions, useQuery } from '@tanstack/react-query'

import type { WebhookConfig as ApiWebhookConfig } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** WebhookConfig: whether billing webhooks apply, the URL to register at Stripe and each event kind on or off. */
export type WebhookConfig = ApiWebhookConfig

// GET /api/v1/admin/webhook-config (403 for non-admins)
export function getWebhookConfig() {
  return api.get<WebhookConfig>('/admin/webhook-config')
}

export const webhookConfigQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.webhookConfig, queryFn: getWebhookConfig })

export function useWebhookConfig() {
  return useQuery(webhookConfigQueryOptions())
}
