import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import type { WebhookConfig, WebhookView } from './get-webhook-config'
import { adminKeys } from './keys'

// PUT /api/v1/admin/webhook-config {enabled, events} → the configuration as saved, with its URL.
export function updateWebhookConfig(config: WebhookConfig) {
  return api.put<WebhookView>('/admin/webhook-config', config)
}

export function useUpdateWebhookConfig() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateWebhookConfig,
    onSuccess: (saved) => client.setQueryData(adminKeys.webhookConfig, saved),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit('webhook_config') }),
  })
}
