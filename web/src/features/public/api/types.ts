import type { AppointmentStatus } from '@/lib/appointment-status'
import type { WorkingHours } from '@/lib/working-hours'

// The public API's shapes (GET /api/v1/public/…): only what a customer may see.

export type BookingFlow = 'service-first' | 'professional-first'

/** PublicStoreInfo is the store as its public page shows it. */
export type PublicStoreInfo = {
  slug: string
  name: string
  description: string
  phone: string
  address: string
  /** '/files/<id>' or null. */
  logo: string | null
  heroGradient: string
  bookingFlow: BookingFlow
  workingHours: WorkingHours
  socialMedia: { instagram: string; facebook: string; whatsapp: string }
  acceptedPayments: string[]
  pixEnabled: boolean
  timeZone: string
  minNoticeMin: number
  horizonDays: number
  /** Today on the store's wall clock, "YYYY-MM-DD". */
  today: string
}

export type PublicService = {
  id: string
  name: string
  description: string
  /** Minutes. */
  duration: number
  /** Cents, or null when the store shows no price. */
  price: number | null
  professionalIds: string[]
}

export type PublicProfessional = {
  id: string
  name: string
  role: string
  specialties: string[]
  /** '/files/<id>' each; '/files/<id>/thumb' is the small copy. */
  photos: string[]
  calendarType: 'app' | 'google'
  googleCalendarEmbed: string | null
}

/** PublicStorePage is GET /api/v1/public/stores/{slug}. */
export type PublicStorePage = {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
}

/** PublicProfessionalPage is GET /api/v1/public/professionals/{id}. */
export type PublicProfessionalPage = {
  professional: PublicProfessional
  store: PublicStoreInfo
  services: PublicService[]
}

/** AvailabilityDay is one day of free start times ("HH:MM", store time); empty means full. */
export type AvailabilityDay = { date: string; times: string[] }

/** Booking is what the customer sees of their appointment (confirmation and manage link). */
export type Booking = {
  id: string
  /** The signed manage token: /agendamento/<token>. */
  token: string
  status: AppointmentStatus
  date: string
  time: string
  durationMin: number
  price: number | null
  notes: string
  clientName: string
  /** Digits, "11912345678". */
  clientPhone: string
  service: { id: string; name: string }
  professional: { id: string; name: string }
  store: { slug: string; name: string; address: string; phone: string; whatsapp: string; timeZone: string }
  pix: { code: string; amount: number; receiverName: string } | null
  /** Whether the customer can still cancel or move it online. */
  canChange: boolean
  /** RFC 3339: the last moment a change is accepted online. */
  changeDeadline: string
}
