import { chatHref } from '@/lib/whatsapp-chat'

import type { WhatsAppContact } from '../api/get-whatsapp-list'

// The owner's round of chats in this visit to the app: who she has already written to, the
// order she is going through, and the messages she changed. Pure functions, held by
// hooks/use-whatsapp-session.ts.

/** WhatsAppSession is what one visit to the app remembers of the lists. */
export type WhatsAppSession = {
  /** The phones whose chat was opened (and recorded by the server) in this visit. */
  contacted: Readonly<Record<string, true>>
  /** Each list's rows as last shown, by the list's key: the place the owner is at. */
  rows: Readonly<Record<string, readonly WhatsAppContact[]>>
  /** Messages the owner rewrote, by messageKey. */
  messages: Readonly<Record<string, string>>
}

export const EMPTY_SESSION: WhatsAppSession = { contacted: {}, rows: {}, messages: {} }

/**
 * whatsappSessionKey is the session's place in the query cache: outside ['whatsapp'], so
 * invalidating the lists never touches it, and never fetched (it is this visit's).
 */
export const whatsappSessionKey = ['whatsapp-session'] as const

/** withContacted records a chat opened in this visit. */
export function withContacted(s: WhatsAppSession | undefined, phone: string): WhatsAppSession {
  const session = s ?? EMPTY_SESSION
  return { ...session, contacted: { ...session.contacted, [phone]: true } }
}

/**
 * keepPlace merges a list just fetched into the rows shown before: the rows keep their order,
 * a client contacted in this visit stays where she was (the server no longer lists her), and
 * newcomers go at the end. So going down the list one chat after another, nobody jumps.
 */
export function keepPlace(
  shown: readonly WhatsAppContact[] | undefined,
  items: readonly WhatsAppContact[],
  contacted: Readonly<Record<string, true>>,
): WhatsAppContact[] {
  if (!shown || shown.length === 0) return [...items]
  const fresh = new Map(items.map((c) => [c.phone, c]))
  const kept = shown.filter((c) => fresh.has(c.phone) || contacted[c.phone]).map((c) => fresh.get(c.phone) ?? c)
  const seen = new Set(kept.map((c) => c.phone))
  return [...kept, ...items.filter((c) => !seen.has(c.phone))]
}

/** messageKey names one client's message in one list (a reward's message is not a win-back's). */
export function messageKey(c: WhatsAppContact) {
  return `${c.phone}\n${c.message}`
}

/**
 * chatLink is the wa.me address with the message typed in. The server's link when the owner kept
 * its message; otherwise one built the same way (lib/phone), and no text at all for an empty one.
 * A masked phone's list has no links: its chat opens through the server (lib/whatsapp-chat).
 */
export function chatLink(c: WhatsAppContact, text: string) {
  if (text === c.message && c.link) return c.link
  return chatHref(c.phone, text.trim() === '' ? undefined : text)
}

/** nextToCall is the first row after `index` not yet contacted, from the top again if none. */
export function nextToCall(rows: readonly WhatsAppContact[], index: number, contacted: Readonly<Record<string, true>>) {
  for (let step = 1; step < rows.length; step++) {
    const i = (index + step) % rows.length
    const row = rows[i]
    if (row && !contacted[row.phone]) return i
  }
  return -1
}
