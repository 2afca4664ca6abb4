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
})

export type ServiceFormValues = z.infer<typeof serviceFormSchema>

export type ServiceInput = Required<Api.ServiceInput>

export const SERVICE_FIELD_PATHS = ['name', 'description', 'duration', 'price', 'professionalIds'] as const

export function serviceToForm(service: Service | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    duration: service ? String(service.duration) : '30',
    price: formatCentsInput(service?.price),
    professionalIds: service?.professionalIds ?? [],
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
  }
}
