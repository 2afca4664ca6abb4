import { formatDuration } from '@/lib/format'

/** Timing is how a service takes its professional's time beyond its duration (domain.Timing). */
export type Timing = {
  bufferBefore: number
  bufferAfter: number
  processingStart: number
  processingMin: number
}

/**
 * describeTiming says, in short phrases, what a service's timing adds to its duration:
 * "pausa de 40 min após 30 min", "10 min de preparo", "15 min de limpeza". None: [].
 */
export function describeTiming(t: Timing): string[] {
  const out: string[] = []
  if (t.processingMin > 0) out.push(`pausa de ${formatDuration(t.processingMin)} após ${formatDuration(t.processingStart)}`)
  if (t.bufferBefore > 0) out.push(`${formatDuration(t.bufferBefore)} de preparo`)
  if (t.bufferAfter > 0) out.push(`${formatDuration(t.bufferAfter)} de limpeza`)
  return out
}

/** A stretch of the day in minutes since midnight, [start, end). */
export type Stretch = { start: number; end: number; kind: 'buffer' | 'pause' }

/**
 * timingStretches are the parts of an appointment starting at `start` (minutes since midnight)
 * that are not the client's time with the professional: the set-up before, the pause inside,
 * the cleaning after, clipped to the day as the server clips them.
 */
export function timingStretches(start: number, duration: number, t: Timing): Stretch[] {
  const out: Stretch[] = []
  if (t.bufferBefore > 0) out.push({ start: Math.max(start - t.bufferBefore, 0), end: start, kind: 'buffer' })
  if (t.processingMin > 0) {
    const from = start + t.processingStart
    out.push({ start: from, end: from + t.processingMin, kind: 'pause' })
  }
  if (t.bufferAfter > 0) {
    const end = start + duration
    out.push({ start: end, end: Math.min(end + t.bufferAfter, 24 * 60), kind: 'buffer' })
  }
  return out
}

/**
 * busySpans are the stretches an appointment starting at `start` keeps its professional busy:
 * from the set-up to the end of the cleaning, less the pause, clipped to the day — the server's
 * domain.Timing.ProfessionalSpans, which the agenda follows to place blocks side by side.
 */
export function busySpans(start: number, duration: number, t: Timing): { start: number; end: number }[] {
  const from = Math.max(start - t.bufferBefore, 0)
  const to = Math.min(start + duration + t.bufferAfter, 24 * 60)
  if (t.processingMin <= 0) return [{ start: from, end: to }]
  const pause = start + t.processingStart
  return [
    { start: from, end: pause },
    { start: pause + t.processingMin, end: to },
  ]
}
