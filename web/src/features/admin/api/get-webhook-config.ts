import { queryOptions, useQuery } from '@tanstack/react-query'

import type { WebhookConfig as ApiWebhookConfig, WebhookSettings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { adminKeys } from './keys'

/** WebhookConfig, what the admin saves: whether billing webhooks apply and each event kind on or off. */
export type WebhookConfig = ApiWebhookConfig

/**
 * WebhookView is the configuration with the URL to register at Stripe, which the server derives
 * from its public address (AGENDO_BASE_URL): shown, never edited.
 */
export type WebhookView = WebhookSettings

// GET /api/v1/admin/webhook-config (403 for non-admins)
export function getWebhookConfig() {
  return api.get<WebhookView>('/admin/webhook-config')
}

export const webhookConfigQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.webhookConfig, queryFn: getWebhookConfig })

export function useWebhookConfig() {
  return useQuery(webhookConfigQueryOptions())
}
