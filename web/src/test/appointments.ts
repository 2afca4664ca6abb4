import type { Appointment } from '@/features/appointments/api/get-appointments'
import type { Professional } from '@/features/professionals/api/get-professionals'
import type { Service } from '@/features/services/api/get-services'

// Agenda test data: two professionals, two services, appointments on a day.

export function professionalFixture(overrides: Partial<Professional> = {}): Professional {
  return {
    id: 'p1',
    name: 'Ana Lima',
    role: 'Cabeleireira',
    specialties: [],
    calendarType: 'app',
    workingHours: null,
    bookingInterval: 30,
    googleCalendarEmbed: null,
    photos: [],
    commissionPct: 0,
    createdAt: '2026-01-01T12:00:00Z',
    ...overrides,
  }
}

export const professionals = [
  professionalFixture(),
  professionalFixture({ id: 'p2', name: 'Bruno Alves', role: 'Barbeiro' }),
  professionalFixture({ id: 'p3', name: 'Carla Mota', role: 'Manicure' }),
]

/** NO_TIMING is a service's or appointment's timing when it has none: no buffers, no pause. */
export const NO_TIMING = { bufferBefore: 0, bufferAfter: 0, processingStart: 0, processingMin: 0 }

export const services: Service[] = [
  { id: 's1', name: 'Corte', description: '', duration: 45, price: 5000, professionalIds: ['p1', 'p2'], createdAt: '', includes: [], ...NO_TIMING },
  { id: 's2', name: 'Manicure', description: '', duration: 60, price: 3500, professionalIds: ['p3'], createdAt: '', includes: [], ...NO_TIMING },
]

export function appointmentFixture(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a1',
    clientName: 'Maria Souza',
    clientPhone: '+5511912345678',
    serviceId: 's1',
    professionalId: 'p1',
    date: '2099-03-14',
    time: '14:00',
    durationMin: 45,
    status: 'scheduled',
    paymentMethod: null,
    price: 5000,
    notes: '',
    source: 'owner',
    reminderSentAt: null,
    createdAt: '2099-03-01T12:00:00Z',
    updatedAt: '2099-03-01T12:00:00Z',
    createdBy: '',
    updatedBy: '',
    seriesId: '',
    visitId: '',
    ...NO_TIMING,
    ...overrides,
  }
}
