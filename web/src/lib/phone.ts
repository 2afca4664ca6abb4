import { maskPhone, phoneDigits } from './format'

// Brazilian phones as the server reads them (internal/domain/phone.go): a DDD from 11 to 99,
// then 8 digits for a landline (starting 2–5) or 9 for a mobile (starting 9).

/** nationalPart drops the country code and a trunk "0": "+55 11 91234-5678" → "11912345678". */
function nationalPart(value: string) {
  let d = phoneDigits(value)
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2)
  if (d.startsWith('0')) d = d.slice(1)
  return d
}

/** toE164BR answers "+5511912345678" for a valid Brazilian phone as typed, or null. */
export function toE164BR(value: string): string | null {
  if (/[^\d\s()+.-]/.test(value)) return null
  const d = nationalPart(value)
  if (d.length !== 10 && d.length !== 11) return null
  if (d[0] === '0' || d[1] === '0') return null
  if (d.length === 11 && d[2] !== '9') return null
  if (d.length === 10 && (d[2] ?? '0') < '2') return null
  if (d.length === 10 && (d[2] ?? '9') > '5') return null
  return `+55${d}`
}

/**
 * maskPhoneInput formats a phone field as it is typed or pasted: "11912345678" and
 * "+55 11 91234-5678" both read "(11) 91234-5678".
 */
export function maskPhoneInput(value: string) {
  return maskPhone(nationalPart(value))
}

/** PHONE_INVALID is the message for a phone that is not Brazilian. */
export const PHONE_INVALID = 'Informe um telefone com DDD, como (11) 91234-5678'

/** isAnonymousPhone says whether a client's "phone" is the id that replaced an erased one. */
export function isAnonymousPhone(value: string) {
  return /^anon-[a-z]{12}$/.test(value)
}

/** whatsappLink opens a chat with a Brazilian phone (55 + DDD + number), the text prefilled. */
export function whatsappLink(phone: string, text?: string) {
  const e164 = toE164BR(phone)
  const number = e164 ? e164.slice(1) : phoneDigits(phone)
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}
