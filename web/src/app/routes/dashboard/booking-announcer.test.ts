// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { bookingAnnouncement } from './booking-announcer'

const appointment = {
  id: 'ap1',
  clientName: 'Maria Souza',
  clientPhone: '+5511955554444',
  serviceId: 'corte',
  professionalId: 'ana',
  date: '2026-11-23',
  time: '14:00',
  durationMin: 45,
  status: 'scheduled',
  paymentMethod: null,
  price: 4590,
  notes: '',
  source: 'public',
  reminderSentAt: null,
  createdAt: '2026-11-23T12:00:00Z',
  updatedAt: '2026-11-23T12:00:00Z',
}

function serve(date: string) {
  mockApi({
    'GET /api/v1/appointments/ap1': json(200, { ...appointment, date }),
    'GET /api/v1/services': json(200, [{ id: 'corte', name: 'Corte', description: '', duration: 45, price: 4590, professionalIds: ['ana'] }]),
    'GET /api/v1/store': json(200, { name: 'Studio Bela', slug: 'studio-bela', timeZone: 'America/Sao_Paulo' }),
  })
}

describe('the toast for a booking made on the public page', () => {
  it("names the client, the service and today's time", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T15:00:00Z'), toFake: ['Date'] })
    serve('2026-11-23')
    const { text } = await bookingAnnouncement(createQueryClient(), 'ap1')
    expect(text).toBe('Novo agendamento: Maria Souza — Corte, 14:00')
    vi.useRealTimers()
  })

  it('adds the day when the booking is for another day', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T15:00:00Z'), toFake: ['Date'] })
    serve('2026-11-28')
    const { text } = await bookingAnnouncement(createQueryClient(), 'ap1')
    expect(text).toBe('Novo agendamento: Maria Souza — Corte, 28/11, 14:00')
    vi.useRealTimers()
  })
})
