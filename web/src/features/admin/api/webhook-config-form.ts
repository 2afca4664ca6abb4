import * as z from 'zod/mini'

import type { WebhookEventToggle } from '@/lib/api-schema'

import type { WebhookConfig } from './get-webhook-config'

// The admin's webhook form, with the server's rule for the URL (domain.CleanWebhookConfig).

export const WEBHOOK_URL_INVALID = 'Informe uma URL completa, como https://agendo.com.br/api/v1/webhooks/billing'

export function isWebhookUrl(text: string) {
  const value = text.trim()
  if (value.length > 500) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== ''
  } catch {
    return false
  }
}

export const webhookConfigFormSchema = z.object({
  enabled: z.boolean(),
  webhookUrl: z.string().check(z.trim(), z.refine(isWebhookUrl, { message: WEBHOOK_URL_INVALID })),
  events: z.array(
    z.object({
      id: z.custom<WebhookEventToggle['id']>((v) => typeof v === 'string'),
      name: z.string(),
      enabled: z.boolean(),
    }),
  ),
})

export type WebhookConfigFormValues = z.infer<typeof webhookConfigFormSchema>

export const WEBHOOK_CONFIG_FIELD_PATHS = ['webhookUrl', 'events'] as const

export function webhookConfigToForm(config: WebhookConfig): WebhookConfigFormValues {
  return { enabled: config.enabled, webhookUrl: config.webhookUrl, events: config.events.map((e) => ({ ...e })) }
}

export function formToWebhookConfig(values: WebhookConfigFormValues): WebhookConfig {
  return { enabled: values.enabled, webhookUrl: values.webhookUrl.trim(), events: values.events }
}
