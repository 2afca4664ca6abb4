import { dayMonth, nowIn } from '@/lib/dates'

import type { Message } from './get-messages'

// How the appointment's details name its automatic messages (issue 28), in the store's zone:
// 'Lembrete enviado por e-mail às 18:00', 'Lembrete por e-mail marcado para 03/03 às 18:00'.

/** wall: an instant on the zone's clock, and whether it falls today there. */
function wall(instant: string, timeZone: string, now: Date) {
  const w = nowIn(timeZone, new Date(instant))
  return { ...w, today: w.date === nowIn(timeZone, now).date }
}

/** at: 'hoje às 18:00', else 'em 03/03 às 18:00'. */
function at(instant: string, timeZone: string, now: Date) {
  const w = wall(instant, timeZone, now)
  return w.today ? `hoje às ${w.time}` : `em ${dayMonth(w.date)} às ${w.time}`
}

/** forWhen: 'para hoje às 18:00', else 'para 03/03 às 18:00'. */
function forWhen(instant: string, timeZone: string, now: Date) {
  const w = wall(instant, timeZone, now)
  return w.today ? `para hoje às ${w.time}` : `para ${dayMonth(w.date)} às ${w.time}`
}

/** messageLine is one message's line, or null for one that need not be shown (cancelled). */
export function messageLine(m: Message, timeZone: string, now = new Date()): string | null {
  const reminder = m.kind === 'reminder'
  const what = reminder ? 'Lembrete' : 'Confirmação do agendamento'
  const o = reminder ? 'o' : 'a'
  switch (m.status) {
    case 'sent':
      return `${what} enviad${o} por e-mail ${at(m.sentAt ?? m.dueAt, timeZone, now)}`
    case 'pending':
      return m.attempts > 0 ? `${what} por e-mail: nova tentativa em breve` : `${what} por e-mail marcad${o} ${forWhen(m.dueAt, timeZone, now)}`
    case 'failed':
      return `${what} por e-mail não enviad${o}: ${m.error}`
    default:
      return null
  }
}

/** confirmedLine says when the client confirmed by a reminder, if they did. */
export function confirmedLine(items: readonly Message[], timeZone: string, now = new Date()) {
  const m = items.find((x) => x.confirmedAt)
  return m?.confirmedAt ? `Cliente confirmou a presença pelo lembrete ${at(m.confirmedAt, timeZone, now)}` : null
}
