// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { chatHref } from '@/lib/whatsapp-chat'

import { reminderMessage } from './reminder'

const base = {
  clientName: 'Maria Souza',
  clientPhone: '+5511912345678',
  date: '2026-12-12',
  time: '14:00',
  serviceName: 'Corte',
  professionalName: 'Ana',
  storeName: 'Barbearia X',
  address: 'Rua das Flores, 10 - Centro',
}

describe('WhatsApp reminder', () => {
  it('writes a natural message with service, professional, store, day, time and address', () => {
    expect(reminderMessage(base)).toBe(
      'Olá, Maria! Passando para lembrar do seu horário de Corte com Ana na Barbearia X, sábado, 12/12, às 14:00. Endereço: Rua das Flores, 10 - Centro. Até lá!',
    )
  })

  it('says "amanhã" or "hoje" when it is', () => {
    expect(reminderMessage({ ...base, today: '2026-12-11' })).toContain('na Barbearia X, amanhã (sábado, 12/12), às 14:00.')
    expect(reminderMessage({ ...base, today: '2026-12-12' })).toContain('hoje (sábado, 12/12), às 14:00.')
  })

  it('leaves out what the store has not filled in', () => {
    expect(reminderMessage({ ...base, storeName: '', address: '  ', serviceName: undefined })).toBe(
      'Olá, Maria! Passando para lembrar do seu horário com Ana, sábado, 12/12, às 14:00. Até lá!',
    )
  })

  it('links to the client on WhatsApp with 55 + DDD + number', () => {
    const link = new URL(chatHref(base.clientPhone, reminderMessage(base)))
    expect(link.origin + link.pathname).toBe('https://wa.me/5511912345678')
    expect(link.searchParams.get('text')).toBe(reminderMessage(base))
  })

  it('has no number to link to when the professional sees the phone masked', () => {
    expect(chatHref('m1194321.c2VsYWRv', reminderMessage(base))).toBe('#whatsapp')
  })
})
