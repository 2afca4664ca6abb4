// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { bookingMessage, googleCalendarLink } from './calendar-link'
import { greetingLink, mapsLink, socialLink, storeWhatsapp } from './links'

describe('googleCalendarLink', () => {
  it('writes the start and end on the store clock with its time zone', () => {
    const url = new URL(
      googleCalendarLink({
        title: 'Corte · Salão Bela Vida',
        date: '2026-11-28',
        time: '14:30',
        durationMin: 90,
        timeZone: 'America/Sao_Paulo',
        details: 'Com Ana Lima.',
        location: 'Rua das Flores, 10',
      }),
    )
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('text')).toBe('Corte · Salão Bela Vida')
    expect(url.searchParams.get('dates')).toBe('20261128T143000/20261128T160000')
    expect(url.searchParams.get('ctz')).toBe('America/Sao_Paulo')
    expect(url.searchParams.get('details')).toBe('Com Ana Lima.')
    expect(url.searchParams.get('location')).toBe('Rua das Flores, 10')
  })

  it('ends on the next day when the appointment crosses midnight', () => {
    const url = new URL(
      googleCalendarLink({ title: 'x', date: '2026-12-31', time: '23:30', durationMin: 60, timeZone: 'America/Manaus' }),
    )
    expect(url.searchParams.get('dates')).toBe('20261231T233000/20270101T003000')
    expect(url.searchParams.has('details')).toBe(false)
  })
})

describe('greetingLink', () => {
  it('prefills the text', () => {
    expect(greetingLink('11912345678', 'Salão Bela Vida')).toBe(
      `https://wa.me/5511912345678?text=${encodeURIComponent('Olá, Salão Bela Vida! Vi a página de vocês no Agendo e gostaria de mais informações.')}`,
    )
  })
})

describe('storeWhatsapp', () => {
  it('prefers the WhatsApp number, then the phone, and ignores junk', () => {
    expect(storeWhatsapp({ socialMedia: { whatsapp: '11912345678' }, phone: '1133334444' })).toBe('11912345678')
    expect(storeWhatsapp({ socialMedia: { whatsapp: '' }, phone: '1133334444' })).toBe('1133334444')
    expect(storeWhatsapp({ whatsapp: '', phone: '123' })).toBe('')
  })
})

describe('socialLink', () => {
  it.each([
    ['instagram', '@salaobela', 'https://www.instagram.com/salaobela'],
    ['instagram', 'salaobela', 'https://www.instagram.com/salaobela'],
    ['instagram', 'instagram.com/salaobela/', 'https://www.instagram.com/salaobela'],
    ['instagram', 'https://instagram.com/x', 'https://instagram.com/x'],
    ['facebook', 'salao.bela', 'https://www.facebook.com/salao.bela'],
    ['facebook', '', null],
    ['instagram', 'sem espaço', null],
  ] as const)('%s %s → %s', (network, value, want) => {
    expect(socialLink(network, value)).toBe(want)
  })
})

describe('mapsLink and bookingMessage', () => {
  it('searches the address on Google Maps', () => {
    expect(mapsLink(' Rua A, 1 ')).toBe('https://www.google.com/maps/search/?api=1&query=Rua%20A%2C%201')
  })

  it('writes the WhatsApp message about a booking', () => {
    expect(
      bookingMessage({
        clientName: ' Maria ',
        service: { name: 'Corte' },
        professional: { name: 'Ana' },
        date: '2026-11-28',
        time: '14:00',
        dateLabel: 'sábado, 28 de novembro',
      }),
    ).toBe('Olá! Sou Maria e agendei Corte com Ana para sábado, 28 de novembro, às 14:00.')
  })
})
