// Brazilian phones: how one is read, shown, typed and linked to. The one home of the rule on
// this side; the server's is internal/domain/phone.go, and both are tested against
// internal/domain/testdata/phones.json. The public store page loads this module on first
// paint, so it stays small and imports nothing.
//
// A phone is a DDD from 11 to 99, then 8 digits for a landline (starting 2–5) or 9 for a
// mobile (starting 9). Stored phones are E.164: "+5511912345678".

/** phoneDigits keeps only the digits of a phone number. */
export function phoneDigits(value: string) {
  return value.replace(/\D/g, '')
}

/**
 * typedPhoneDigits is the digits of text written as a phone is, digits and the marks between
 * them (spaces, a no-break one too, ( ) - . +), or null when it holds anything else; the
 * server's domain.PhoneDigits.
 */
export function typedPhoneDigits(value: string) {
  return /[^\d \u00a0\t()+.-]/.test(value) ? null : phoneDigits(value)
}

/** nationalPart drops the country code and a trunk "0": "+55 11 91234-5678" → "11912345678". */
function nationalPart(value: string) {
  let d = phoneDigits(value)
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2)
  if (d.startsWith('0')) d = d.slice(1)
  return d
}

/** toE164BR answers "+5511912345678" for a valid Brazilian phone as typed, or null. */
export function toE164BR(value: string): string | null {
  const digits = typedPhoneDigits(value)
  if (digits === null) return null
  const d = nationalPart(digits)
  if (d.length !== 10 && d.length !== 11) return null
  if (d[0] === '0' || d[1] === '0') return null
  if (d.length === 11 && d[2] !== '9') return null
  if (d.length === 10 && (d[2] ?? '0') < '2') return null
  if (d.length === 10 && (d[2] ?? '9') > '5') return null
  return `+55${d}`
}

/** PHONE_INVALID is the message for a phone that is not Brazilian. */
export const PHONE_INVALID = 'Informe um telefone com DDD, como (11) 91234-5678'

/** isAnonymousPhone says whether a client's "phone" is the id that replaced an erased one. */
export function isAnonymousPhone(value: string) {
  return /^anon-[a-z]{12}$/.test(value)
}

const MASKED = /^m(\d{6,7})\.[\w-]+$/

/**
 * isMaskedPhone says whether a client's "phone" is the masked one the server gives a professional
 * when the salon hides clients' phones from them (Go's domain.MaskedPhone): the digits the mask
 * shows, then the phone sealed for the server. It goes back to the server wherever a phone goes
 * (a link, a booking); WhatsApp opens through the server (POST /clients/{phone}/whatsapp).
 */
export function isMaskedPhone(value: string | null | undefined) {
  return !!value && MASKED.test(value)
}

/** MASKED_PHONE_HINT says why a professional sees "(11) 9••••-4321". */
export const MASKED_PHONE_HINT = 'O salão não mostra o telefone dos clientes aos profissionais.'

/**
 * formatPhone shows a Brazilian phone, stored or as typed, as "(11) 91234-5678" (mobile) or
 * "(11) 3456-7890" (landline); a masked phone as "(11) 9••••-4321". Anything else (a number from
 * abroad) is shown as given.
 */
export function formatPhone(value: string | null | undefined) {
  if (!value) return ''
  // An anonymised client's id (isAnonymousPhone) is no phone.
  if (value.startsWith('anon-')) return 'Telefone removido'
  const shown = MASKED.exec(value)?.[1]
  if (shown) {
    return shown.length === 7 ? `(${shown.slice(0, 2)}) 9••••-${shown.slice(3)}` : `(${shown.slice(0, 2)}) ••••-${shown.slice(2)}`
  }
  const e164 = toE164BR(value)
  return e164 ? maskPhone(e164.slice(3)) : value
}

/**
 * maskPhoneInput formats a phone field as it is typed or pasted: "1191" → "(11) 91";
 * "11912345678" and "+55 11 91234-5678" both read "(11) 91234-5678".
 */
export function maskPhoneInput(value: string) {
  return maskPhone(nationalPart(value))
}

/** maskPhone writes national digits, even a part of them, as "(11) 91234-5678". */
function maskPhone(national: string) {
  const d = national.slice(0, 11)
  if (d.length === 0) return ''
  if (d.length <= 2) return `(${d}`
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`
}

/**
 * dialNumber is what a link dials: a Brazilian phone in E.164; any other number as typed, its
 * digits behind a "+" when it was typed with one (taken as international).
 */
function dialNumber(value: string) {
  return toE164BR(value) ?? (value.trim().startsWith('+') ? '+' : '') + phoneDigits(value)
}

/**
 * whatsappLink opens a chat (wa.me/55 + DDD + number), the text prefilled when there is one,
 * escaped as encodeURIComponent does (the server's domain.WhatsAppLink writes the same).
 */
export function whatsappLink(phone: string, text?: string) {
  const number = toE164BR(phone)?.slice(1) ?? phoneDigits(phone)
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}

/** telLink dials a phone from a phone: "tel:+5511912345678". */
export function telLink(phone: string) {
  return `tel:${dialNumber(phone)}`
}

/** The problems readContactPhone reports (Go's domain.PhoneProblem*). */
export const PHONE_PROBLEMS = {
  empty: 'Sem telefone',
  chars: 'O telefone tem letras ou símbolos',
  foreign: 'Telefone do exterior: o Agendo guarda só telefones do Brasil',
  noDDD: 'Telefone sem DDD, e a loja não tem telefone de onde tirar o DDD',
  invalid: 'Não é um telefone do Brasil',
} as const

/**
 * readContactPhone reads a phone as another system or a phone's contacts kept it (issue 29), as
 * the server's domain.ReadContactPhone does: besides what toE164BR reads, a mobile from before the
 * ninth digit ("+55 (11) 1234-5678" is "(11) 91234-5678") and a number without DDD, which takes
 * `ddd` (the store's). A number from abroad is reported, not kept.
 */
export function readContactPhone(value: string, ddd: string): { e164: string | null; problem: string } {
  const s = value.trim()
  if (s === '') return { e164: null, problem: PHONE_PROBLEMS.empty }
  let d = typedPhoneDigits(s)
  if (d === null) return { e164: null, problem: PHONE_PROBLEMS.chars }
  if (d.startsWith('00')) {
    d = d.slice(2)
    if (!d.startsWith('55')) return { e164: null, problem: PHONE_PROBLEMS.foreign }
  }
  if (s.startsWith('+') && !d.startsWith('55')) return { e164: null, problem: PHONE_PROBLEMS.foreign }
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2)
  if (d.startsWith('0')) d = d.slice(1)
  // Eight digits that are no landline's (those start 2–5) are a mobile's from before the ninth digit.
  const mobile = (c: string | undefined) => c !== undefined && (c < '2' || c > '5')
  if (d.length === 8 || d.length === 9) {
    if (ddd === '') return { e164: null, problem: PHONE_PROBLEMS.noDDD }
    if (d.length === 8 && mobile(d[0])) d = `9${d}`
    d = ddd + d
  } else if (d.length === 10 && mobile(d[2])) {
    d = `${d.slice(0, 2)}9${d.slice(2)}`
  }
  const e164 = toE164BR(d)
  return e164 ? { e164, problem: '' } : { e164: null, problem: PHONE_PROBLEMS.invalid }
}
