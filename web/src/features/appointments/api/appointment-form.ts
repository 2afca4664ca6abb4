import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { PAYMENT_METHODS, STATUSES } from '@/lib/appointment-status'
import { isValidDate } from '@/lib/dates'
import { formatPhone, isMaskedPhone, PHONE_INVALID, toE164BR } from '@/lib/phone'
import { NAME_MAX, tooLongMessage } from '@/lib/limits'
import { isReminderEmail, REMINDER_EMAIL_INVALID } from '@/lib/reminder-email'

import { type Appointment } from './get-appointments'
import { LIMITS } from '@/lib/api-limits'

// The appointment form's rules, shared by create and edit; the server checks them again.

export const TIME_INVALID = 'Informe um horário entre 00:00 e 23:59'
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const appointmentFormSchema = z.object({
  clientName: z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o nome do cliente'),
    z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX)),
  ),
  // A masked phone (a professional's view of a client) goes back to the server as it is.
  clientPhone: z.string().check(z.refine((v) => toE164BR(v) !== null || isMaskedPhone(v), { message: PHONE_INVALID })),
  serviceId: z.string().check(z.minLength(1, 'Escolha o serviço')),
  professionalId: z.string().check(z.minLength(1, 'Escolha o profissional')),
  date: z.string().check(z.refine(isValidDate, { message: 'Informe uma data válida' })),
  time: z.string().check(z.refine((v) => TIME.test(v), { message: TIME_INVALID })),
  status: z.enum(STATUSES),
  paymentMethod: z.union([z.enum(PAYMENT_METHODS), z.literal('')]),
  notes: z.string().check(z.trim(), z.maxLength(LIMITS.notes, tooLongMessage(LIMITS.notes))),
  clientEmail: z.string().check(z.refine(isReminderEmail, { message: REMINDER_EMAIL_INVALID })),
})

export type AppointmentFormValues = z.infer<typeof appointmentFormSchema>

/** AppointmentInput is the body of POST and PUT /api/v1/appointments. */
/** AppointmentInput is what the form sends: every field, `force` once the owner confirmed a taken time. */
/** The form's body: every field but the visit's later services, sent only when there are some. */
export type AppointmentInput = Required<Omit<Api.AppointmentInput, 'more'>> & Pick<Api.AppointmentInput, 'more'>

export const APPOINTMENT_FIELD_PATHS = [
  'clientName',
  'clientPhone',
  'serviceId',
  'professionalId',
  'date',
  'time',
  'status',
  'paymentMethod',
  'notes',
  'clientEmail',
] as const

/** Where a new appointment starts: a day, and maybe a professional and a time from the agenda. */
export type AppointmentDefaults = { date: string; professionalId?: string; time?: string; serviceId?: string }

export function appointmentToForm(a: Appointment | null, defaults: AppointmentDefaults): AppointmentFormValues {
  if (!a) {
    return {
      clientName: '',
      clientPhone: '',
      serviceId: defaults.serviceId ?? '',
      professionalId: defaults.professionalId ?? '',
      date: defaults.date,
      time: defaults.time ?? '',
      status: 'scheduled',
      paymentMethod: '',
      notes: '',
      clientEmail: '',
    }
  }
  return {
    clientName: a.clientName,
    clientPhone: isMaskedPhone(a.clientPhone) ? a.clientPhone : formatPhone(a.clientPhone),
    serviceId: a.serviceId,
    professionalId: a.professionalId,
    date: a.date,
    time: a.time,
    status: a.status,
    paymentMethod: a.paymentMethod ?? '',
    notes: a.notes,
    clientEmail: '',
  }
}

export function formToAppointmentInput(values: AppointmentFormValues, force = false): AppointmentInput {
  return {
    clientName: values.clientName.trim(),
    clientPhone: toE164BR(values.clientPhone) ?? values.clientPhone,
    serviceId: values.serviceId,
    professionalId: values.professionalId,
    date: values.date,
    time: values.time,
    status: values.status,
    paymentMethod: values.paymentMethod === '' ? null : values.paymentMethod,
    notes: values.notes.trim(),
    clientEmail: values.clientEmail.trim(),
    force,
  }
}

/** appointmentToInput is the PUT body that keeps an appointment as it is, but for `patch`. */
export function appointmentToInput(a: Appointment, patch: Partial<AppointmentInput> = {}): AppointmentInput {
  return {
    clientName: a.clientName,
    clientPhone: a.clientPhone,
    serviceId: a.serviceId,
    professionalId: a.professionalId,
    date: a.date,
    time: a.time,
    status: a.status,
    paymentMethod: a.paymentMethod,
    notes: a.notes,
    clientEmail: '',
    force: false,
    ...patch,
  }
}

/** Who can be chosen for a service: the professionals in its professionalIds, in their order. */
export function professionalsFor<P extends { id: string }>(
  service: { professionalIds: readonly string[] } | undefined,
  professionals: readonly P[],
): P[] {
  if (!service) return []
  return professionals.filter((p) => service.professionalIds.includes(p.id))
}
