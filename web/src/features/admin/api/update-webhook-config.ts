import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import type { WebhookConfig } from './get-webhook-config'
import { adminKeys } from './keys'

// PUT /api/v1/admin/webhook-config → WebhookConfig as saved; 422 with fields (webhookUrl).
export function updateWebhookConfig(config: WebhookConfig) {
  return api.put<WebhookConfig>('/admin/webhook-config', config)
}

export function useUpdateWebhookConfig() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateWebhookConfig,
    onSuccess: (saved) => client.setQueryData(adminKeys.webhookConfig, saved),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit('webhook_config') }),
  })
}
