import type { Booking, PublicProfessional, PublicService, PublicStorePage } from '@/features/public/api/types'
import { apiError, json, mockApi } from '@/test/api-mock'

// Test data for the public pages, as the public API answers (internal/app/public.go).

/** TODAY is a Thursday; November 2026 has 30 days, so the first window is 26 to 30. */
export const TODAY = '2026-11-26'

export const ana: PublicProfessional = {
  id: 'p1',
  name: 'Ana Lima',
  role: 'Cabeleireira',
  specialties: ['Cortes', 'Coloração'],
  photos: ['/files/f1'],
  calendarType: 'app',
  googleCalendarEmbed: null,
}

export const bruno: PublicProfessional = {
  id: 'p2',
  name: 'Bruno Alves',
  role: 'Barbeiro',
  specialties: ['Barba'],
  photos: [],
  calendarType: 'google',
  googleCalendarEmbed: 'https://calendar.google.com/calendar/embed?src=bruno%40gmail.com',
}

export const corte: PublicService = {
  id: 's1',
  name: 'Corte',
  description: 'Lavagem, corte e escova.',
  duration: 90,
  price: 4590,
  professionalIds: ['p1', 'p2'],
  includes: [],
}

export const barba: PublicService = {
  id: 's2',
  name: 'Barba',
  description: '',
  duration: 30,
  price: null,
  professionalIds: ['p2'],
  includes: [],
}

export function storePage(overrides: Partial<PublicStorePage['store']> = {}): PublicStorePage {
  return {
    store: {
      slug: 'salao-bela-vida',
      name: 'Salão Bela Vida',
      description: 'Cortes e coloração no centro.',
      phone: '+5511934567890',
      address: 'Rua das Flores, 10 - São Paulo',
      logo: null,
      heroGradient: 'linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)',
      bookingFlow: 'service-first',
      workingHours: {
        monday: { open: '09:00', close: '18:00', isOpen: true },
        tuesday: { open: '09:00', close: '18:00', isOpen: true },
        wednesday: { open: '09:00', close: '18:00', isOpen: true },
        thursday: { open: '09:00', close: '19:00', isOpen: true },
        friday: { open: '09:00', close: '18:00', isOpen: true },
        saturday: { open: '08:00', close: '14:00', isOpen: true },
        sunday: { open: '09:00', close: '18:00', isOpen: false },
      },
      socialMedia: { instagram: '@salaobela', facebook: '', whatsapp: '(11) 91234-5678' },
      acceptedPayments: ['pix', 'cash'],
      pixEnabled: true,
      timeZone: 'America/Sao_Paulo',
      minNoticeMin: 60,
      horizonDays: 60,
      acceptsBookings: true,
      today: TODAY,
      ...overrides,
    },
    services: [corte, barba],
    professionals: [ana, bruno],
  }
}

/** Free times for the first window: Friday 27 and Saturday 28 have times, the rest none. */
export const NOVEMBER = [
  { date: '2026-11-26', times: [] },
  { date: '2026-11-27', times: ['09:00', '09:30', '10:00', '14:00', '18:30'] },
  { date: '2026-11-28', times: ['08:00'] },
  { date: '2026-11-29', times: [] },
  { date: '2026-11-30', times: [] },
]

export function booking(overrides: Partial<Booking> = {}): Booking {
  const b: Booking = {
    id: 'a1',
    token: 'tok.abc',
    marketingConsent: false,
    consentText: 'Quero receber novidades de Studio Bela pelo WhatsApp',
    nextDates: [],
    status: 'scheduled',
    date: '2026-11-27',
    time: '10:00',
    durationMin: 90,
    price: 4590,
    notes: '',
    clientName: 'Maria Souza',
    clientPhone: '11987654321',
    service: { id: 's1', name: 'Corte' },
    professional: { id: 'p1', name: 'Ana Lima' },
    services: [
      { service: { id: 's1', name: 'Corte' }, professional: { id: 'p1', name: 'Ana Lima' }, time: '10:00', durationMin: 90, price: 4590 },
    ],
    store: {
      slug: 'salao-bela-vida',
      name: 'Salão Bela Vida',
      address: 'Rua das Flores, 10 - São Paulo',
      phone: '+5511934567890',
      whatsapp: '11912345678',
      timeZone: 'America/Sao_Paulo',
    },
    pix: {
      code: '00020126360014BR.GOV.BCB.PIX0114+5511934567890520400005303986540545.905802BR5915Salao Bela Vida6009Sao Paulo62070503***6304ABCD',
      amount: 4590,
      receiverName: 'Salão Bela Vida',
    },
    canChange: true,
    changeDeadline: '2026-11-27T12:00:00Z',
    loyalty: null,
    ...overrides,
  }
  // One service unless the test says otherwise: the booking's own.
  return overrides.services ? b : { ...b, services: [{ service: b.service, professional: b.professional, time: b.time, durationMin: b.durationMin, price: b.price }] }
}

/** publicApi mocks a visitor (no session) and the routes given. */
export function publicApi(routes: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'Sessão expirada'),
    'POST /api/v1/analytics/pageview': json(204),
    ...routes,
  })
}
