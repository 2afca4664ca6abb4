import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { parsePrice } from '@/lib/format'
import { formatCentsInput } from '@/lib/money'
import { NAME_MAX, tooLongMessage } from '@/lib/limits'

import type { Service } from './get-services'
import { LIMITS } from '@/lib/api-limits'

// The service form's rules, shared by create and update.

export const MIN_DURATION = 5
export const MAX_DURATION = 720
export const DURATION_PRESETS = [15, 30, 45, 60, 90, 120] as const
export const DURATION_INVALID = `Informe a duração em minutos, de ${MIN_DURATION} a ${MAX_DURATION}`

/** parseDuration reads whole minutes within the limits (null otherwise). */
export function parseDuration(text: string): number | null {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return null
  const n = Number(value)
  return n >= MIN_DURATION && n <= MAX_DURATION ? n : null
}

export const MAX_BUFFER = LIMITS.bufferMin
export const BUFFER_INVALID = `Use de 0 a ${MAX_BUFFER} minutos`
export const PAUSE_MIN_INVALID = `A pausa deve ter pelo menos ${MIN_DURATION} minutos`
export const PAUSE_INSIDE_INVALID = 'A pausa precisa ficar dentro do serviço, com atendimento antes e depois dela'

/** parseMinutes reads whole minutes from 0 to max; blank is 0 (null when invalid). */
export function parseMinutes(text: string, max: number): number | null {
  const value = text.trim()
  if (value === '') return 0
  if (!/^\d+$/.test(value)) return null
  const n = Number(value)
  return n <= max ? n : null
}

const bufferField = z.string().check(z.refine((v) => parseMinutes(v, MAX_BUFFER) !== null, { message: BUFFER_INVALID }))

export const serviceFormSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o nome do serviço'),
    z.maxLength(NAME_MAX, tooLongMessage(NAME_MAX)),
  ),
  description: z.string().check(z.trim(), z.maxLength(LIMITS.description, tooLongMessage(LIMITS.description))),
  duration: z.string().check(z.refine((v) => parseDuration(v) !== null, { message: DURATION_INVALID })),
  price: z.string().check(
    z.superRefine((v, ctx) => {
      const parsed = parsePrice(v)
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, input: v })
    }),
  ),
  professionalIds: z.array(z.string()),
  bufferBefore: bufferField,
  bufferAfter: bufferField,
  processingStart: z.string(),
  processingMin: z.string(),
  includes: z.array(z.string()).check(
    z.refine((v) => v.length !== 1, { message: 'Um pacote inclui pelo menos 2 serviços' }),
  ),
}).check(
  // The pause is checked as the server checks it (domain.TimingProblems).
  z.superRefine((v, ctx) => {
    const duration = parseDuration(v.duration)
    const start = parseMinutes(v.processingStart, MAX_DURATION)
    const length = parseMinutes(v.processingMin, MAX_DURATION)
    if (start === 0 && length === 0) return
    if (length === null || length < MIN_DURATION) {
      ctx.addIssue({ code: 'custom', message: PAUSE_MIN_INVALID, path: ['processingMin'], input: v.processingMin })
    } else if (start === null || start < 1 || (duration !== null && start + length >= duration)) {
      ctx.addIssue({ code: 'custom', message: PAUSE_INSIDE_INVALID, path: ['processingStart'], input: v.processingStart })
    }
  }),
)

export type ServiceFormValues = z.infer<typeof serviceFormSchema>

export type ServiceInput = Required<Api.ServiceInput>

export const SERVICE_FIELD_PATHS = [
  'name',
  'description',
  'duration',
  'price',
  'professionalIds',
  'bufferBefore',
  'bufferAfter',
  'processingStart',
  'processingMin',
  'includes',
] as const

/** minutesText shows a stored count of minutes in a form field: 0 is blank. */
const minutesText = (n: number | undefined) => (n ? String(n) : '')

export function serviceToForm(service: Service | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: service ? String(service.duration) : '30',
    price: formatCentsInput(service?.price),
    professionalIds: service?.professionalIds ?? [],
    bufferBefore: minutesText(service?.bufferBefore),
    bufferAfter: minutesText(service?.bufferAfter),
    processingStart: minutesText(service?.processingStart),
    processingMin: minutesText(service?.processingMin),
    includes: service?.includes ?? [],
  }
}

export function formToServiceInput(values: ServiceFormValues): ServiceInput {
  const price = parsePrice(values.price)
  return {
    name: values.name,
    description: values.description,
    duration: parseDuration(values.duration) ?? 0,
    price: price.ok ? price.cents : null,
    professionalIds: values.professionalIds,
    bufferBefore: parseMinutes(values.bufferBefore, MAX_BUFFER) ?? 0,
    bufferAfter: parseMinutes(values.bufferAfter, MAX_BUFFER) ?? 0,
    processingStart: parseMinutes(values.processingStart, MAX_DURATION) ?? 0,
    processingMin: parseMinutes(values.processingMin, MAX_DURATION) ?? 0,
    includes: values.includes,
  }
}
