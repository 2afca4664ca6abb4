import { formatDuration } from '@/lib/format'

import type { Booking } from '../api/types'

// Words about a booking, for the confirmation and the manage page (not the store page's first load).

/** firstWord: the first name of a person ("Ana Paula" → "Ana"). */
export function firstWord(name: string) {
  return name.trim().split(/\s+/)[0] ?? ''
}

/** managePath is a booking's manage link: /agendamento/<token>. */
export function managePath(token: string) {
  return `/agendamento/${encodeURIComponent(token)}`
}

/** deadlineLabel writes the change deadline on the store's clock: "sábado, 28/11 às 13:00". */
export function deadlineLabel(instant: string, timeZone: string) {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return ''
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date)
  } catch {
    return ''
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('weekday')}, ${get('day')}/${get('month')} às ${get('hour')}:${get('minute')}`
}

/** noticeLabel: 30 → "30 minutos", 60 → "1 hora", 120 → "2 horas", 1440 → "1 dia", 90 → "1h 30min". */
export function noticeLabel(minutes: number) {
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`
  if (minutes % 1440 === 0) return `${minutes / 1440} ${minutes === 1440 ? 'dia' : 'dias'}`
  if (minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}`
  return formatDuration(minutes)
}

const IN_PERSON: Record<string, string> = {
  cash: 'dinheiro',
  credit_card: 'cartão de crédito',
  debit_card: 'cartão de débito',
}

/**
 * payLaterNote says that paying by Pix now is optional (a booking is held without payment; the
 * store has no setting that asks for it first) and how else the customer can pay, from the
 * store's accepted methods when known: "Se preferir, pague no atendimento, em dinheiro ou
 * cartão de crédito."
 */
export function payLaterNote(accepted?: string[]) {
  const methods = accepted ?? []
  // Both cards are one word: "em dinheiro ou cartão".
  const bothCards = methods.includes('credit_card') && methods.includes('debit_card')
  const others = methods
    .filter((m) => !(bothCards && m === 'debit_card'))
    .map((m) => (bothCards && m === 'credit_card' ? 'cartão' : IN_PERSON[m]))
    .filter((m): m is string => Boolean(m))
  const how =
    others.length === 0
      ? accepted
        ? 'com Pix no atendimento'
        : 'no atendimento'
      : `no atendimento, em ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} ou ${others.at(-1)}`}`
  return `Pagar agora é opcional: seu horário já está reservado. Se preferir, pague ${how}.`
}

/** serviceNames names what a booking holds: 'Corte feminino + Escova' for a visit of two. */
export function serviceNames(b: Booking) {
  return b.services.length ? b.services.map((s) => s.service.name).join(' + ') : b.service.name
}

/** professionalNames names who attends a booking, each once: 'Ana Lima e Bruno Alves'. */
export function professionalNames(b: Booking) {
  const names = [...new Set(b.services.length ? b.services.map((s) => s.professional.name) : [b.professional.name])]
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '')
}
