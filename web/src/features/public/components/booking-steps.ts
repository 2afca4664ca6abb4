import type { VisitPart } from '@/lib/visit'
import type { BookingFlow } from '../api/types'

// The booking flow's steps and how each one sits in the address and the browser's history, so
// the store page (which opens the flow) and the flow itself agree without the page loading the
// flow's code.

export type StepId = 'service' | 'professional' | 'day' | 'time' | 'details'

export type Selection = {
  serviceId?: string
  /** A professional's id or ANY_PROFESSIONAL. */
  professionalId?: string
  date?: string
  time?: string
  /** A visit's later services, in order, each with its professional (or ANY_PROFESSIONAL). */
  more?: VisitPart[]
}

export type { VisitPart }

/**
 * stepsFor is the order of the steps: the store's bookingFlow decides whether the service or
 * the professional comes first; a professional's own page skips choosing the professional.
 */
export function stepsFor(flow: BookingFlow, professionalLocked = false): StepId[] {
  const first: StepId[] = flow === 'professional-first' ? ['professional', 'service'] : ['service', 'professional']
  return [...first.filter((s) => !(professionalLocked && s === 'professional')), 'day', 'time', 'details']
}

export const FIELD: Record<Exclude<StepId, 'details'>, keyof Selection> = {
  service: 'serviceId',
  professional: 'professionalId',
  day: 'date',
  time: 'time',
}

/** firstOpenStep is the first step still to be answered ('details' when all are). */
export function firstOpenStep(steps: StepId[], sel: Selection): StepId {
  return steps.find((s) => s !== 'details' && !sel[FIELD[s]]) ?? 'details'
}

/** The `?etapa=` of each step, and of the confirmation. */
const PARAMS: Record<StepId | 'confirmed', string> = {
  service: 'servico',
  professional: 'profissional',
  day: 'dia',
  time: 'horario',
  details: 'dados',
  confirmed: 'confirmado',
}

export const STEP_PARAM = 'etapa'

/** stepSearch is the address's search for a step: "?etapa=dia". */
export function stepSearch(step: StepId | 'confirmed') {
  return `?${STEP_PARAM}=${PARAMS[step]}`
}

/** stepOf reads a step back from `?etapa=` (null when absent or unknown). */
export function stepOf(search: string): StepId | 'confirmed' | null {
  const value = new URLSearchParams(search).get(STEP_PARAM)
  const found = Object.entries(PARAMS).find(([, v]) => v === value)
  return found ? (found[0] as StepId | 'confirmed') : null
}

/**
 * SheetEntry is what each history entry of the open flow carries (location.state.booking):
 * how many entries the flow has pushed up to this one, so closing it goes back past all of them;
 * the choices made so far, so a reload keeps them; and after booking, the manage token.
 */
export type SheetEntry = { depth: number; sel: Selection; token?: string }

/** sheetEntry reads a SheetEntry from a location's state (null when it has none). */
export function sheetEntry(state: unknown): SheetEntry | null {
  const entry = (state as { booking?: unknown } | null)?.booking as SheetEntry | undefined
  return entry && typeof entry.depth === 'number' && typeof entry.sel === 'object' && entry.sel ? entry : null
}
