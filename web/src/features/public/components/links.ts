// Links the public pages open: maps, social profiles and WhatsApp.

/** mapsLink searches an address on Google Maps. */
export function mapsLink(address: string) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`
}

/**
 * socialLink turns what the owner typed ("@bela", "bela", "instagram.com/bela" or a full
 * address) into the profile's address, or null when nothing usable was typed.
 */
export function socialLink(network: 'instagram' | 'facebook', value: string | null | undefined) {
  const v = (value ?? '').trim()
  if (!v) return null
  if (/^https?:\/\//i.test(v)) return v
  const host = network === 'instagram' ? 'instagram.com' : 'facebook.com'
  const withoutHost = v.replace(new RegExp(`^(www\\.)?${host.replace('.', '\\.')}/`, 'i'), '')
  const handle = withoutHost.replace(/^@/, '').replace(/\/+$/, '')
  if (!handle || /\s/.test(handle)) return null
  return `https://www.${host}/${encodeURIComponent(handle).replace(/%2F/gi, '/')}`
}

/** storeWhatsapp picks the store's WhatsApp number, falling back to its phone ('' for none). */
export function storeWhatsapp(store: { socialMedia?: { whatsapp?: string }; whatsapp?: string; phone: string }) {
  return usableNumber((store.socialMedia?.whatsapp ?? store.whatsapp ?? '').trim() || store.phone)
}

/** usableNumber is the number as typed when it has at least 8 digits, else ''. */
function usableNumber(number: string | undefined) {
  const n = (number ?? '').trim()
  return n.replace(/\D/g, '').length >= 8 ? n : ''
}

/** internationalDigits: a Brazilian number's digits with the country code (55…), once. */
function internationalDigits(number: string) {
  let digits = number.replace(/\D/g, '')
  if (digits.startsWith('0')) digits = digits.slice(1)
  return digits.length >= 12 && digits.startsWith('55') ? digits : `55${digits}`
}

/**
 * waLink opens a WhatsApp chat with a Brazilian number, the text prefilled: wa.me/55<DDD and
 * number>, unless the number already carries the country code (12 or 13 digits from 55).
 */
export function waLink(number: string, text: string) {
  return `https://wa.me/${internationalDigits(number)}?text=${encodeURIComponent(text)}`
}

/** greetingLink opens a WhatsApp chat with the store, a greeting prefilled. */
export function greetingLink(number: string, storeName: string) {
  return waLink(number, `Olá, ${storeName.trim()}! Vi a página de vocês no Agendo e gostaria de mais informações.`)
}

/** telLink dials a Brazilian number from a phone: tel:+55<DDD and number>. */
export function telLink(number: string) {
  return `tel:+${internationalDigits(number)}`
}

/** The store's contacts for booking by hand: WhatsApp (as configured) and a phone to call. */
export function closedContacts(store: { name: string; phone: string; socialMedia: { whatsapp?: string } }) {
  const whatsapp = usableNumber(store.socialMedia.whatsapp)
  const phone = usableNumber(store.phone) || whatsapp
  return {
    whatsapp: whatsapp ? waLink(whatsapp, `Olá, ${store.name.trim()}! Gostaria de marcar um horário.`) : '',
    phone,
  }
}
