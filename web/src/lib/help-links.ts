import { phoneDigits, whatsappLink } from '@/lib/phone'

export const HELP_GREETING = 'Olá! Preciso de ajuda com o Agendo.'

/** helpChatLink opens a WhatsApp chat with the team (lib/phone), the greeting already typed; null without a number. */
export function helpChatLink(number: string) {
  return phoneDigits(number) ? whatsappLink(number, HELP_GREETING) : null
}

/** safeWebLink accepts only http(s) addresses, so a setting can never run script. */
export function safeWebLink(url: string) {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

/** The help dialog's settings: what an admin sets in Configurar Ajuda. */
export type HelpChannelSettings = { websiteUrl: string; whatsappNumber: string }

/** helpIntro is what the dialog says above the channels, by the channels there are. */
export function helpIntro(settings: HelpChannelSettings | undefined) {
  const whatsapp = settings ? Boolean(helpChatLink(settings.whatsappNumber)) : true
  const website = settings ? Boolean(safeWebLink(settings.websiteUrl)) : true
  if (whatsapp && website) return 'Fale com a equipe do Agendo pelo WhatsApp ou consulte a nossa central de ajuda.'
  if (whatsapp) return 'Fale com a equipe do Agendo pelo WhatsApp.'
  if (website) return 'Consulte a nossa central de ajuda.'
  return 'Os canais de atendimento do Agendo aparecem aqui.'
}

