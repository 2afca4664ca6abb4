import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { pixKeyError } from '@/lib/documents'
import { formatPhone, toE164BR } from '@/lib/phone'
import { DEFAULT_HERO_GRADIENT, parseGradient } from '@/lib/hero-gradient'
import { queryKeys } from '@/lib/query-keys'
import { normalizeWorkingHours, WEEKDAYS, workingHoursErrors, type WorkingHours } from '@/lib/working-hours'
import { NAME_MAX } from '@/lib/limits'

import type { PaymentMethod, PaymentSettings, SocialMedia, Store } from './get-store'
import { LIMITS } from '@/lib/api-limits'

/** The Brazilian IANA time zones, São Paulo (Brasília time) first. */
export const TIME_ZONES: readonly { value: string; label: string }[] = [
  { value: 'America/Sao_Paulo', label: 'Horário de Brasília (UTC−3)' },
  { value: 'America/Bahia', label: 'Bahia (UTC−3)' },
  { value: 'America/Fortaleza', label: 'Ceará, RN, PB, PI e MA (UTC−3)' },
  { value: 'America/Recife', label: 'Pernambuco (UTC−3)' },
  { value: 'America/Maceio', label: 'Alagoas e Sergipe (UTC−3)' },
  { value: 'America/Belem', label: 'Pará (leste) e Amapá (UTC−3)' },
  { value: 'America/Santarem', label: 'Pará (oeste) (UTC−3)' },
  { value: 'America/Araguaina', label: 'Tocantins (UTC−3)' },
  { value: 'America/Manaus', label: 'Amazonas (UTC−4)' },
  { value: 'America/Boa_Vista', label: 'Roraima (UTC−4)' },
  { value: 'America/Porto_Velho', label: 'Rondônia (UTC−4)' },
  { value: 'America/Cuiaba', label: 'Mato Grosso (UTC−4)' },
  { value: 'America/Campo_Grande', label: 'Mato Grosso do Sul (UTC−4)' },
  { value: 'America/Rio_Branco', label: 'Acre (UTC−5)' },
  { value: 'America/Noronha', label: 'Fernando de Noronha (UTC−2)' },
]

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

export const PAYMENT_METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'pix', label: 'Pix' },
  { value: 'cash', label: 'Dinheiro' },
  { value: 'credit_card', label: 'Cartão de crédito' },
  { value: 'debit_card', label: 'Cartão de débito' },
]

export const PIX_KEY_TYPES: readonly { value: string; label: string }[] = [
  { value: 'cpf', label: 'CPF' },
  { value: 'cnpj', label: 'CNPJ' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Telefone' },
  { value: 'random', label: 'Chave aleatória' },
]

/** Limits of the Pix QR code (BR Code) for the receiver's name and city. */
export const PIX_NAME_MAX = LIMITS.pixReceiverName
export const PIX_CITY_MAX = LIMITS.pixCity
export const MIN_NOTICE_MAX = LIMITS.minNoticeMin
export const HORIZON_MAX = LIMITS.horizonDays

/**
 * instagramHandle reads an Instagram user from "@salaobela", "salaobela" or a profile
 * address, as the server does; null when it is not one.
 */
export function instagramHandle(text: string): string | null {
  const handle = text
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '')
    .replace(/^instagram\.com\//i, '')
    .replace(/^@/, '')
  return /^[A-Za-z0-9._]{1,30}$/.test(handle) ? handle : null
}

/** isFacebookPage accepts "facebook.com/salaobela" or a full https address on facebook.com. */
export function isFacebookPage(text: string) {
  const value = text.trim()
  const full = value.includes('://') ? value : `https://${value}`
  try {
    const url = new URL(full)
    const host = url.hostname.toLowerCase()
    return url.protocol === 'https:' && (host === 'facebook.com' || host.endsWith('.facebook.com')) && full.length <= 200
  } catch {
    return false
  }
}

const maxLength = (n: number) => z.maxLength(n, `Use no máximo ${n} caracteres`)

const optionalPhone = (message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || toE164BR(v) !== null, { message }),
  )

const wholeNumber = (min: number, max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, { message }),
  )

const dayHours = z.object({ open: z.string(), close: z.string(), isOpen: z.boolean() })

export const workingHoursSchema = z.object({
  monday: dayHours,
  tuesday: dayHours,
  wednesday: dayHours,
  thursday: dayHours,
  friday: dayHours,
  saturday: dayHours,
  sunday: dayHours,
}).check(
  z.superRefine((hours, ctx) => {
    for (const [day, message] of Object.entries(workingHoursErrors(hours))) {
      ctx.addIssue({ code: 'custom', message, path: [day], input: hours })
    }
  }),
)

export const storeFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome da loja'), maxLength(NAME_MAX)),
  description: z.string().check(z.trim(), maxLength(LIMITS.description)),
  phone: optionalPhone('Informe um telefone válido com DDD, como (11) 3456-7890'),
  address: z.string().check(z.trim(), maxLength(LIMITS.address)),
  logo: z.nullable(z.string()),
  bookingFlow: z.enum(['service-first', 'professional-first']),
  heroGradient: z.string().check(
    z.refine((v) => parseGradient(v) !== null, { message: 'Escolha um gradiente' }),
  ),
  workingHours: workingHoursSchema,
  socialMedia: z.object({
    instagram: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || instagramHandle(v) !== null, {
        message: 'Informe o usuário do Instagram, como @salaobela',
      }),
    ),
    facebook: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || isFacebookPage(v), {
        message: 'Informe o endereço da página no Facebook, como facebook.com/salaobela',
      }),
    ),
    whatsapp: optionalPhone('Informe um WhatsApp válido com DDD, como (11) 91234-5678'),
  }),
  paymentSettings: z
    .object({
      acceptedMethods: z.array(z.custom<PaymentMethod>((v) => PAYMENT_METHODS.some((m) => m.value === v))).check(
        z.minLength(1, 'Escolha pelo menos uma forma de pagamento'),
      ),
      pixKey: z.string().check(z.trim(), maxLength(LIMITS.pixKey)),
      pixKeyType: z.string(),
      pixReceiverName: z.string().check(z.trim(), maxLength(PIX_NAME_MAX)),
      pixCity: z.string().check(z.trim(), maxLength(PIX_CITY_MAX)),
    })
    .check(
      z.superRefine((p, ctx) => {
        // Accepting Pix needs the key, its type, the receiver's name and city (as the server says).
        if (!p.acceptedMethods.includes('pix')) return
        const add = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', message, path: [path], input: p })
        if (!p.pixKeyType) add('pixKeyType', 'Escolha o tipo de chave')
        if (p.pixKey === '') add('pixKey', 'Informe a chave Pix')
        else if (p.pixKeyType) {
          const keyError = pixKeyError(p.pixKeyType, p.pixKey)
          if (keyError) add('pixKey', keyError)
        }
        if (!p.pixReceiverName) add('pixReceiverName', 'Informe o nome de quem recebe')
        if (!p.pixCity) add('pixCity', 'Informe a cidade')
      }),
    ),
  timeZone: z.string().check(
    z.refine((v) => TIME_ZONES.some((t) => t.value === v), { message: 'Escolha um fuso horário' }),
  ),
  minNoticeMin: wholeNumber(0, MIN_NOTICE_MAX, `Use de 0 a ${MIN_NOTICE_MAX.toLocaleString('pt-BR')} minutos (${MIN_NOTICE_MAX / 1440} dias)`),
  horizonDays: wholeNumber(1, HORIZON_MAX, `Use de 1 a ${HORIZON_MAX} dias`),
})

export type StoreFormValues = z.infer<typeof storeFormSchema>

/** Every form path the server may name in `error.fields` that has a place on the page. */
export const STORE_FIELD_PATHS = [
  'name',
  'description',
  'phone',
  'address',
  'logo',
  'bookingFlow',
  'heroGradient',
  'workingHours',
  ...WEEKDAYS.map((d) => `workingHours.${d.key}` as const),
  'socialMedia.instagram',
  'socialMedia.facebook',
  'socialMedia.whatsapp',
  'paymentSettings.acceptedMethods',
  'paymentSettings.pixKey',
  'paymentSettings.pixKeyType',
  'paymentSettings.pixReceiverName',
  'paymentSettings.pixCity',
  'timeZone',
  'minNoticeMin',
  'horizonDays',
] as const

/** storeToForm fills the form from the saved store (or the spec's defaults when there is none). */
export function storeToForm(store: Store | null | undefined): StoreFormValues {
  const payment: Partial<PaymentSettings> = store?.paymentSettings ?? {}
  const social: Partial<SocialMedia> = store?.socialMedia ?? {}
  return {
    name: store?.name ?? '',
    description: store?.description ?? '',
    phone: formatPhone(store?.phone),
    address: store?.address ?? '',
    logo: store?.logo ?? null,
    bookingFlow: store?.bookingFlow === 'professional-first' ? 'professional-first' : 'service-first',
    heroGradient: parseGradient(store?.heroGradient) ? (store?.heroGradient ?? '') : DEFAULT_HERO_GRADIENT,
    workingHours: normalizeWorkingHours(store?.workingHours),
    socialMedia: {
      instagram: social.instagram ? `@${social.instagram.replace(/^@/, '')}` : '',
      facebook: social.facebook ?? '',
      whatsapp: formatPhone(social.whatsapp),
    },
    paymentSettings: {
      acceptedMethods: payment.acceptedMethods ?? PAYMENT_METHODS.map((m) => m.value),
      pixKey: payment.pixKey ?? '',
      pixKeyType: payment.pixKeyType ?? '',
      pixReceiverName: payment.pixReceiverName ?? '',
      pixCity: payment.pixCity ?? '',
    },
    timeZone: TIME_ZONES.some((t) => t.value === store?.timeZone) ? (store?.timeZone ?? '') : DEFAULT_TIME_ZONE,
    minNoticeMin: String(store?.minNoticeMin ?? 60),
    horizonDays: String(store?.horizonDays ?? 60),
  }
}

export type StoreInput = Omit<Api.StoreInput, 'workingHours'> & { workingHours: WorkingHours }

/** formToStoreInput is the PUT body: the whole form, numbers as numbers. */
export function formToStoreInput(values: StoreFormValues): StoreInput {
  return {
    ...values,
    minNoticeMin: Number(values.minNoticeMin),
    horizonDays: Number(values.horizonDays),
  }
}

// PUT /api/v1/store (every key required) → Store
export function updateStore(input: StoreInput) {
  return api.put<Store>('/store', input)
}

/** useUpdateStore saves the store, puts the answer in the cache and refreshes the onboarding. */
export function useUpdateStore() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (store) => {
      client.setQueryData(queryKeys.store, store)
      void client.invalidateQueries({ queryKey: queryKeys.store })
      void client.invalidateQueries({ queryKey: queryKeys.onboarding })
    },
  })
}
