// @vitest-environment node
import { describe, expect, it } from 'vitest'

import type { WhatsAppContact } from '../api/get-whatsapp-list'

import { chatLink, keepPlace, nextToCall } from './session'

const contact = (name: string, phone: string): WhatsAppContact => ({
  name,
  phone,
  detail: '',
  message: `Olá, ${name}!`,
  link: `https://wa.me/${phone.slice(1)}?text=Ol%C3%A1%2C%20${name}!`,
})
const ana = contact('Ana', '+5511911111111')
const bia = contact('Bia', '+5511922222222')
const cris = contact('Cris', '+5511933333333')
const dani = contact('Dani', '+5511944444444')

describe('keepPlace', () => {
  it('shows the list as it came the first time', () => {
    expect(keepPlace(undefined, [ana, bia], {})).toEqual([ana, bia])
  })

  it('keeps a client contacted in this visit where she was, though the server no longer lists her', () => {
    expect(keepPlace([ana, bia, cris], [ana, cris], { [bia.phone]: true })).toEqual([ana, bia, cris])
  })

  it('drops a client who left the list for another reason, and puts newcomers last', () => {
    expect(keepPlace([ana, bia, cris], [dani, cris, ana], {})).toEqual([ana, cris, dani])
  })

  it('takes the fresh row of a client still listed', () => {
    const newer = { ...ana, detail: 'Última visita em 01/10/2026' }
    expect(keepPlace([ana, bia], [newer, bia], {})[0]).toBe(newer)
  })
})

describe('chatLink', () => {
  it("is the server's link while the message is the server's", () => {
    expect(chatLink(ana, ana.message)).toBe(ana.link)
  })

  it('carries a rewritten message as the server writes one', () => {
    expect(chatLink(ana, 'Oi, Ana! Tudo bem?')).toBe('https://wa.me/5511911111111?text=Oi%2C%20Ana!%20Tudo%20bem%3F')
  })

  it('opens the chat with nothing typed for an empty message', () => {
    expect(chatLink(ana, '  ')).toBe('https://wa.me/5511911111111')
  })
})

describe('nextToCall', () => {
  it('is the next one not yet contacted, from the top again at the end', () => {
    const rows = [ana, bia, cris, dani]
    expect(nextToCall(rows, 0, { [ana.phone]: true, [bia.phone]: true })).toBe(2)
    expect(nextToCall(rows, 3, { [dani.phone]: true, [ana.phone]: true })).toBe(1)
  })

  it('is none when everyone was contacted', () => {
    expect(nextToCall([ana, bia], 0, { [ana.phone]: true, [bia.phone]: true })).toBe(-1)
  })
})
