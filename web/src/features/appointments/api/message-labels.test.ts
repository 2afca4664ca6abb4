import { describe, expect, it } from 'vitest'

import type { Message } from './get-messages'
import { confirmedLine, messageLine } from './message-labels'

const now = new Date('2026-03-03T15:00:00Z') // 12:00 in São Paulo
const zone = 'America/Sao_Paulo'
const m = (over: Partial<Message>): Message => ({
  id: 'm1',
  kind: 'reminder',
  channel: 'email',
  recipient: 'maria@example.com',
  dueAt: '2026-03-03T21:00:00Z',
  status: 'pending',
  attempts: 0,
  sentAt: null,
  error: '',
  confirmedAt: null,
  ...over,
})

describe('messageLine', () => {
  it('names each message as the owner reads it, in the store’s zone', () => {
    expect(messageLine(m({}), zone, now)).toBe('Lembrete por e-mail marcado para hoje às 18:00')
    expect(messageLine(m({ dueAt: '2026-03-04T21:00:00Z' }), zone, now)).toBe('Lembrete por e-mail marcado para 04/03 às 18:00')
    expect(messageLine(m({ status: 'sent', sentAt: '2026-03-03T12:00:05Z' }), zone, now)).toBe('Lembrete enviado por e-mail hoje às 09:00')
    expect(messageLine(m({ kind: 'booked', status: 'sent', sentAt: '2026-03-02T12:00:05Z' }), zone, now)).toBe(
      'Confirmação do agendamento enviada por e-mail em 02/03 às 09:00',
    )
    expect(messageLine(m({ attempts: 2 }), zone, now)).toBe('Lembrete por e-mail: nova tentativa em breve')
    expect(messageLine(m({ status: 'failed', error: 'Não foi possível enviar depois de várias tentativas' }), zone, now)).toBe(
      'Lembrete por e-mail não enviado: Não foi possível enviar depois de várias tentativas',
    )
    expect(messageLine(m({ status: 'cancelled' }), zone, now)).toBeNull()
  })

  it('says when the client confirmed by a reminder', () => {
    expect(confirmedLine([m({ confirmedAt: '2026-03-03T13:02:00Z' })], zone, now)).toBe('Cliente confirmou a presença pelo lembrete hoje às 10:02')
    expect(confirmedLine([m({})], zone, now)).toBeNull()
  })
})
