import { addDays, fromMinutes, toMinutes } from '@/lib/dates'

// What a confirmed booking links to: the store's WhatsApp message and Google Calendar.

/** bookingMessage is the prefilled WhatsApp message about a booking. */
export function bookingMessage(b: {
  clientName: string
  service: { name: string }
  professional: { name: string }
  date: string
  time: string
  dateLabel: string
}) {
  return `Olá! Sou ${b.clientName.trim()} e agendei ${b.service.name} com ${b.professional.name} para ${b.dateLabel}, às ${b.time}.`
}

const compact = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`

/**
 * googleCalendarLink builds the "add to Google Calendar" address for an appointment, its
 * start and end written on the store's wall clock with ctz naming the zone.
 */
export function googleCalendarLink(e: {
  title: string
  date: string
  time: string
  durationMin: number
  timeZone: string
  details?: string
  location?: string
}) {
  const endTotal = toMinutes(e.time) + Math.max(0, e.durationMin)
  const endDate = addDays(e.date, Math.floor(endTotal / (24 * 60)))
  const endTime = fromMinutes(endTotal % (24 * 60))
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${compact(e.date, e.time)}/${compact(endDate, endTime)}`,
    ctz: e.timeZone,
  })
  if (e.details) params.set('details', e.details)
  if (e.location) params.set('location', e.location)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
