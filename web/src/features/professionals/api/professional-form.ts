import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { defaultWorkingHours, WEEKDAYS, workingHoursErrors, type WorkingHours } from '@/lib/working-hours'
import { NAME_MAX, TEXT_MAX, tooLongMessage } from '@/lib/limits'

import type { Professional } from './get-professionals'
import { LIMITS } from '@/lib/api-limits'

// The professional form's rules, shared by create and update (POST and PUT take one body).

export const BOOKING_INTERVALS = [15, 20, 30, 45, 60] as const
export const DEFAULT_BOOKING_INTERVAL = 30
/** The server's bounds; the form offers the usual values, plus any other one already saved. */
export const MIN_INTERVAL = 5
export const MAX_INTERVAL = 240

/** intervalOptions are the usual intervals plus `current` when it is another one. */
export function intervalOptions(current: number | undefined) {
  const all = new Set<number>(BOOKING_INTERVALS)
  if (current && current >= MIN_INTERVAL && current <= MAX_INTERVAL) all.add(current)
  return [...all].sort((a, b) => a - b)
}
export const MAX_PHOTOS = LIMITS.photos
export const MAX_SPECIALTIES = LIMITS.specialties

export const GOOGLE_EMBED_PREFIX = 'https://calendar.google.com/calendar/embed?'
export const GOOGLE_EMBED_MISSING = 'Cole o link de incorporação do Google Agenda'
export const GOOGLE_EMBED_INVALID =
  'Use o link de incorporação do Google Agenda, que começa com https://calendar.google.com/calendar/embed?'

/**
 * extractEmbedUrl accepts what people paste from Google Agenda: the address itself, or the
 * whole <iframe> code, from which it takes the src.
 */
export function extractEmbedUrl(text: string) {
  const value = text.trim()
  const src = /<iframe[^>]*\ssrc\s*=\s*["']([^"']+)["']/i.exec(value)?.[1]
  return (src ?? value).replaceAll('&amp;', '&').trim()
}

/** googleEmbedError says why an address is not a Google Agenda embed (null when it is). */
export function googleEmbedError(url: string): string | null {
  const value = url.trim()
  if (value === '') return GOOGLE_EMBED_MISSING
  if (!value.startsWith(GOOGLE_EMBED_PREFIX) || /\s/.test(value) || value.length === GOOGLE_EMBED_PREFIX.length) {
    return GOOGLE_EMBED_INVALID
  }
  try {
    new URL(value)
  } catch {
    return GOOGLE_EMBED_INVALID
  }
  return null
}

/** parsePercent reads a whole percentage, 0 to 100 ("40"); empty is 0. */
export function parsePercent(text: string): number | null {
  const value = text.trim().replace(/%$/, '').trim()
  if (value === '') return 0
  if (!/^\d{1,3}$/.test(value)) return null
  const n = Number(value)
  return n <= 100 ? n : null
}

const dayHours = z.object({ open: z.string(), close: z.string(), isOpen: z.boolean() })

export const professionalFormSchema = z
  .object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, 'Informe o nome'),
      z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX)),
    ),
    role: z.string().check(z.trim(), z.maxLength(TEXT_MAX, tooLongMessage(TEXT_MAX))),
    specialties: z.array(z.string()).check(
      z.maxLength(MAX_SPECIALTIES, `Use no máximo ${MAX_SPECIALTIES} especialidades`),
    ),
    useStoreHours: z.boolean(),
    workingHours: z.object({
      monday: dayHours,
      tuesday: dayHours,
      wednesday: dayHours,
      thursday: dayHours,
      friday: dayHours,
      saturday: dayHours,
      sunday: dayHours,
    }),
    bookingInterval: z.string(),
    calendarType: z.enum(['app', 'google']),
    googleCalendarEmbed: z.string(),
    photos: z.array(z.string()).check(z.maxLength(MAX_PHOTOS, `Use no máximo ${MAX_PHOTOS} fotos`)),
    commissionPct: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', message, path, input: v })
      if (!v.useStoreHours) {
        for (const [day, message] of Object.entries(workingHoursErrors(v.workingHours))) {
          add(['workingHours', day], message)
        }
      }
      if (v.calendarType === 'google') {
        const message = googleEmbedError(extractEmbedUrl(v.googleCalendarEmbed))
        if (message) add(['googleCalendarEmbed'], message)
      }
      const interval = Number(v.bookingInterval)
      if (!/^\d+$/.test(v.bookingInterval) || interval < MIN_INTERVAL || interval > MAX_INTERVAL) {
        add(['bookingInterval'], 'Escolha o intervalo entre horários')
      }
      if (parsePercent(v.commissionPct) === null) add(['commissionPct'], 'Use um número inteiro de 0 a 100')
    }),
  )

export type ProfessionalFormValues = z.infer<typeof professionalFormSchema>

export type ProfessionalInput = Omit<Required<Api.ProfessionalInput>, 'workingHours' | 'bookingInterval'> & {
  workingHours: WorkingHours | null
  bookingInterval: number
}

export const PROFESSIONAL_FIELD_PATHS = [
  'name',
  'role',
  'specialties',
  'workingHours',
  ...WEEKDAYS.map((d) => `workingHours.${d.key}` as const),
  'bookingInterval',
  'calendarType',
  'googleCalendarEmbed',
  'photos',
  'commissionPct',
] as const

/** professionalToForm fills the form; a new professional starts on the store's hours. */
export function professionalToForm(
  professional: Professional | null | undefined,
  storeHours: WorkingHours | null | undefined,
): ProfessionalFormValues {
  return {
    name: professional?.name ?? '',
    role: professional?.role ?? '',
    specialties: professional?.specialties ?? [],
    useStoreHours: !professional?.workingHours,
    workingHours: professional?.workingHours ?? storeHours ?? defaultWorkingHours(),
    bookingInterval: String(professional?.bookingInterval ?? DEFAULT_BOOKING_INTERVAL),
    calendarType: professional?.calendarType === 'google' ? 'google' : 'app',
    googleCalendarEmbed: professional?.googleCalendarEmbed ?? '',
    photos: professional?.photos ?? [],
    commissionPct: String(professional?.commissionPct ?? 0),
  }
}

/** formToProfessionalInput is the POST/PUT body. */
export function formToProfessionalInput(values: ProfessionalFormValues): ProfessionalInput {
  return {
    name: values.name,
    role: values.role,
    specialties: values.specialties,
    calendarType: values.calendarType,
    workingHours: values.useStoreHours ? null : values.workingHours,
    bookingInterval: Number(values.bookingInterval),
    googleCalendarEmbed:
      values.calendarType === 'google' ? extractEmbedUrl(values.googleCalendarEmbed) : null,
    photos: values.photos,
    commissionPct: parsePercent(values.commissionPct) ?? 0,
  }
}
