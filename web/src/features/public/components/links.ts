import { phoneDigits, whatsappLink } from '@/lib/phone'

import type { PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'
import type { Selection } from './booking-steps'

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
  return phoneDigits(n).length >= 8 ? n : ''
}

/** greetingLink opens a WhatsApp chat with the store, a greeting prefilled. */
export function greetingLink(number: string, storeName: string) {
  return whatsappLink(number, `Olá, ${storeName.trim()}! Vi a página de vocês no Agendo e gostaria de mais informações.`)
}

/** The store's contacts for booking by hand: WhatsApp (as configured) and a phone to call. */
export function closedContacts(store: { name: string; phone: string; socialMedia: { whatsapp?: string } }) {
  const whatsapp = usableNumber(store.socialMedia.whatsapp)
  const phone = usableNumber(store.phone) || whatsapp
  return {
    whatsapp: whatsapp ? whatsappLink(whatsapp, `Olá, ${store.name.trim()}! Gostaria de marcar um horário.`) : '',
    phone,
  }
}

/**
 * limitChat opens a WhatsApp chat with the store for a customer the store could not take online
 * (its plan's limit), the booking they wanted already written; '' when the store has no number.
 */
export function limitChat(store: PublicStoreInfo, service: PublicService | undefined, professional: PublicProfessional | undefined, sel: Selection) {
  const number = storeWhatsapp(store)
  if (!number) return ''
  const when = sel.date && sel.time ? ` no dia ${sel.date.slice(8, 10)}/${sel.date.slice(5, 7)} às ${sel.time}` : ''
  const what = service ? ` ${service.name}${when}${professional ? ` com ${professional.name}` : ''}` : ''
  return whatsappLink(number, `Olá, ${store.name.trim()}! Tentei agendar pela página de vocês, mas não consegui. Gostaria de marcar${what || ' um horário'}.`)
}
