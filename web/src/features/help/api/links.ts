import { phoneDigits } from '@/lib/format'

export const HELP_GREETING = 'Olá! Preciso de ajuda com o Agendo.'

/** whatsAppLink opens a chat with the configured number and the greeting already typed. */
export function whatsAppLink(number: string) {
  const digits = phoneDigits(number)
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(HELP_GREETING)}` : null
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
