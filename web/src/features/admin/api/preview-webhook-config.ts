import type { ConfigWarnings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import type { WebhookConfig } from './get-webhook-config'

// POST /api/v1/admin/webhook-config/preview → {warnings} (webhooks turned off, a critical event
// turned off); 422 with fields, as the save would.
export function previewWebhookConfig(config: WebhookConfig) {
  return api.post<ConfigWarnings>('/admin/webhook-config/preview', config)
}
