import { PHONE_INVALID, toE164BR } from '@/lib/phone'

import type { PublicProfessional, PublicService } from '../api/types'

import { FIELD, type Selection, type StepId, type VisitPart } from './booking-steps'
import { LIMITS } from '@/lib/api-limits'
import { isReminderEmail, REMINDER_EMAIL_INVALID } from '@/lib/reminder-email'

// The booking flow's steps and the rules between them, apart from the screens.

/** ANY_PROFESSIONAL is "Qualquer profissional": the server picks whoever is free. */
export const ANY_PROFESSIONAL = 'any'

export const STEP_TITLES: Record<StepId, string> = {
  service: 'Escolha o serviço',
  professional: 'Escolha o profissional',
  day: 'Escolha o dia',
  time: 'Escolha o horário',
  details: 'Seus dados',
}

export const STEP_SHORT: Record<StepId, string> = {
  service: 'Serviço',
  professional: 'Profissional',
  day: 'Dia',
  time: 'Horário',
  details: 'Dados',
}

/**
 * choose answers the selection after picking `value` at `step`: a different answer clears
 * every later one (another service may not be done by the chosen professional, and the free
 * days change with both).
 */
export function choose(steps: StepId[], sel: Selection, step: Exclude<StepId, 'details'>, value: string): Selection {
  const field = FIELD[step]
  if (sel[field] === value) return sel
  const next: Selection = { ...sel, [field]: value }
  for (const later of steps.slice(steps.indexOf(step) + 1)) {
    if (later !== 'details') delete next[FIELD[later]]
  }
  // The day and time always depend on both the service and the professional.
  if (step === 'service' || step === 'professional') {
    delete next.date
    delete next.time
  }
  if (step === 'day') delete next.time
  // A visit never holds one service twice.
  if (step === 'service' && next.more) next.more = next.more.filter((m) => m.serviceId !== value)
  return next
}

/** servicesFor lists the services a professional performs (all of them for "any"). */
export function servicesFor(services: PublicService[], professionalId: string | undefined) {
  if (!professionalId || professionalId === ANY_PROFESSIONAL) return services
  return services.filter((s) => s.professionalIds.includes(professionalId))
}

/** professionalsFor lists who performs a service (everyone before a service is chosen). */
export function professionalsFor(professionals: PublicProfessional[], service: PublicService | undefined) {
  if (!service) return professionals
  return professionals.filter((p) => service.professionalIds.includes(p.id))
}

/**
 * knownSelection keeps only the choices that still make sense for this catalogue: a choice
 * restored from the browser's history may name a service or professional removed since, or a
 * date in the past. What is dropped is asked again, with everything after it.
 */
export function knownSelection(
  sel: Selection,
  services: PublicService[],
  professionals: PublicProfessional[],
  today: string,
): Selection {
  const service = services.find((s) => s.id === sel.serviceId)
  const pro = sel.professionalId
  const proKnown =
    pro === ANY_PROFESSIONAL ||
    (pro !== undefined && professionals.some((p) => p.id === pro) && (!service || service.professionalIds.includes(pro)))
  const out: Selection = {}
  if (service) out.serviceId = service.id
  if (proKnown) out.professionalId = pro
  if (service && proKnown && sel.date && sel.date >= today) {
    out.date = sel.date
    if (sel.time) out.time = sel.time
  }
  return out
}

/** timePeriods groups free times into morning, afternoon and evening. */
export function timePeriods(times: string[]) {
  const groups = [
    { label: 'Manhã', times: [] as string[] },
    { label: 'Tarde', times: [] as string[] },
    { label: 'Noite', times: [] as string[] },
  ]
  for (const t of times) {
    const hour = Number(t.slice(0, 2))
    groups[hour < 12 ? 0 : hour < 18 ? 1 : 2]?.times.push(t)
  }
  return groups.filter((g) => g.times.length > 0)
}

/** NAME_REQUIRED and friends are the customer form's messages. */
export const NAME_REQUIRED = 'Informe seu nome'
export const PHONE_REQUIRED = 'Informe seu telefone com DDD'
export const NOTES_MAX = LIMITS.notes
export const NOTES_TOO_LONG = `A observação pode ter até ${NOTES_MAX} caracteres`

/** `marketing` is the unticked box 'Quero receber novidades de {Salão} pelo WhatsApp'. */
/** email is optional: where the confirmation and the reminders go (issue 28). */
export type ContactValues = { name: string; phone: string; notes: string; email?: string; marketing?: boolean }

export type ContactErrors = Partial<Record<keyof ContactValues, string>>

/** validateContact checks the customer's details the way the server will, in Portuguese. */
export function validateContact(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {}
  if (v.name.trim().length < 2) errors.name = NAME_REQUIRED
  if (!v.phone.trim()) errors.phone = PHONE_REQUIRED
  else if (!toE164BR(v.phone)) errors.phone = PHONE_INVALID
  if (v.notes.trim().length > NOTES_MAX) errors.notes = NOTES_TOO_LONG
  if (!isReminderEmail(v.email ?? '')) errors.email = REMINDER_EMAIL_INVALID
  return errors
}

/** The most services one visit may hold (the API's MaxVisitServices). */
export const MAX_VISIT_SERVICES = LIMITS.moreServices + 1

/**
 * addedPart is a service added to the visit, with its first guess of a professional: the one
 * already chosen, if they perform it; else the only one who does; else whoever is free.
 */
export function addedPart(service: PublicService, chosen: string | undefined): VisitPart {
  const ids = service.professionalIds
  const professionalId =
    chosen && chosen !== ANY_PROFESSIONAL && ids.includes(chosen) ? chosen : ids.length === 1 ? ids[0]! : ANY_PROFESSIONAL
  return { serviceId: service.id, professionalId }
}

/** visitServices are the visit's services in order, the first one's included (unknown ones left out). */
export function visitServices(services: PublicService[], sel: Selection): PublicService[] {
  const ids = [sel.serviceId, ...(sel.more ?? []).map((m) => m.serviceId)]
  return ids.flatMap((id) => services.filter((s) => s.id === id))
}

/** visitTotal is the visit's price in cents (null when no service has one) and its minutes. */
export function visitTotal(list: PublicService[]): { price: number | null; minutes: number } {
  const priced = list.filter((s) => s.price != null)
  return {
    price: priced.length ? priced.reduce((sum, s) => sum + (s.price ?? 0), 0) : null,
    minutes: list.reduce((sum, s) => sum + s.duration, 0),
  }
}
