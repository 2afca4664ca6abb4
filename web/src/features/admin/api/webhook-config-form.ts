import * as z from 'zod/mini'

import type { WebhookEventToggle } from '@/lib/api-schema'

import type { WebhookConfig, WebhookView } from './get-webhook-config'

// The admin's webhook form: the switches. The URL is the server's, shown beside them.

export const webhookConfigFormSchema = z.object({
  enabled: z.boolean(),
  events: z.array(
    z.object({
      id: z.custom<WebhookEventToggle['id']>((v) => typeof v === 'string'),
      name: z.string(),
      enabled: z.boolean(),
    }),
  ),
})

export type WebhookConfigFormValues = z.infer<typeof webhookConfigFormSchema>

export const WEBHOOK_CONFIG_FIELD_PATHS = ['events'] as const

export function webhookConfigToForm(config: WebhookView): WebhookConfigFormValues {
  return { enabled: config.enabled, events: config.events.map((e) => ({ ...e })) }
}

export function formToWebhookConfig(values: WebhookConfigFormValues): WebhookConfig {
  return { enabled: values.enabled, events: values.events }
}
