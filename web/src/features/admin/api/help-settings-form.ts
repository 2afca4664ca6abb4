import * as z from 'zod/mini'

import { toE164BR } from '@/lib/phone'

import type { HelpSettings } from './get-help-settings'

// The form of Configurar Ajuda, with the server's rules (domain.CleanHelpSettings): both may be
// left empty to hide that channel.

export const WEBSITE_INVALID = 'Informe um endereço completo, como https://ajuda.agendo.com.br'
export const WEBSITE_NOT_HTTPS = 'Use um endereço seguro, que comece com https://'
export const WHATSAPP_INVALID = 'Informe um WhatsApp com DDD, como (11) 91234-5678'

/** websiteProblem says what is wrong with a website typed, or null. */
export function websiteProblem(text: string) {
  const value = text.trim()
  if (value === '') return null
  try {
    const url = new URL(value)
    if (url.host === '' || /\s/.test(value) || value.length > 500) return WEBSITE_INVALID
    return url.protocol === 'https:' ? null : WEBSITE_NOT_HTTPS
  } catch {
    return WEBSITE_INVALID
  }
}

export const helpSettingsFormSchema = z.object({
  websiteUrl: z.string().check(
    z.superRefine((v, ctx) => {
      const problem = websiteProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v })
    }),
  ),
  whatsappNumber: z
    .string()
    .check(z.refine((v) => v.trim() === '' || toE164BR(v) !== null, { message: WHATSAPP_INVALID })),
})

export type HelpSettingsFormValues = z.infer<typeof helpSettingsFormSchema>

export const HELP_SETTINGS_FIELD_PATHS = ['websiteUrl', 'whatsappNumber'] as const

export function formToHelpSettings(values: HelpSettingsFormValues): HelpSettings {
  const phone = values.whatsappNumber.trim()
  return { websiteUrl: values.websiteUrl.trim(), whatsappNumber: phone === '' ? '' : (toE164BR(phone) ?? phone) }
}
