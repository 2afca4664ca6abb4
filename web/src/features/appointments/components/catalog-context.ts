import { createContext, useContext, useSyncExternalStore } from 'react'

import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/appointment-status'
import { DEFAULT_TIME_ZONE, nowIn } from '@/lib/dates'
import type { WorkingHours } from '@/lib/working-hours'

// What the agenda needs from the services, professionals and store features. Features never
// import each other, so the page that composes the agenda hands these in (app/routes).

export type CatalogService = {
  id: string
  name: string
  /** Minutes. */
  duration: number
  price: number | null
  professionalIds: string[]
}

export type CatalogProfessional = { id: string; name: string; bookingInterval: number }

export type CatalogStore = {
  name: string
  address: string
  workingHours: WorkingHours
  timeZone: string
  /** The methods the store takes, in the order of Perfil da Loja › Pagamentos. */
  paymentSettings: { acceptedMethods: readonly PaymentMethod[] }
}

export type Catalog = {
  services: readonly CatalogService[]
  professionals: readonly CatalogProfessional[]
  store: CatalogStore | null
  /** True while any of them is still loading. */
  isPending: boolean
  /** The one professional the agenda shows ('Minha agenda'), or undefined for the whole team. */
  agenda?: string
}

/** MY_AGENDA is ?agenda's value for 'Minha agenda'. */
export const MY_AGENDA = 'minha'

export const emptyCatalog: Catalog = { services: [], professionals: [], store: null, isPending: false }

export const CatalogContext = createContext<Catalog>(emptyCatalog)

export function useCatalog() {
  return useContext(CatalogContext)
}

export function findService(catalog: Catalog, id: string) {
  return catalog.services.find((s) => s.id === id)
}

export function findProfessional(catalog: Catalog, id: string) {
  return catalog.professionals.find((p) => p.id === id)
}

/**
 * usualPaymentMethod is what 'Concluir' records in one tap: the method already told for the
 * appointment (at booking or in an edit), else the first the store takes, else Pix.
 */
export function usualPaymentMethod(catalog: Catalog, current: PaymentMethod | null | undefined): PaymentMethod {
  return current ?? catalog.store?.paymentSettings.acceptedMethods[0] ?? PAYMENT_METHODS[0]
}

// One shared minute tick for every clock on screen (the "now" line, "upcoming" reminders).
const minuteListeners = new Set<() => void>()
let minuteTimer: ReturnType<typeof setInterval> | null = null
let minute = Math.floor(Date.now() / 60_000)

function subscribeMinute(onChange: () => void) {
  minuteListeners.add(onChange)
  minuteTimer ??= setInterval(() => {
    const next = Math.floor(Date.now() / 60_000)
    if (next === minute) return
    minute = next
    minuteListeners.forEach((listener) => listener())
  }, 5_000)
  return () => {
    minuteListeners.delete(onChange)
    if (minuteListeners.size === 0 && minuteTimer !== null) {
      clearInterval(minuteTimer)
      minuteTimer = null
    }
  }
}

/** useStoreNow is the date and time on the store's clock, for "today" and "upcoming"; it follows the minutes. */
export function useStoreNow() {
  const { store } = useCatalog()
  useSyncExternalStore(subscribeMinute, () => minute)
  return nowIn(store?.timeZone || DEFAULT_TIME_ZONE)
}
