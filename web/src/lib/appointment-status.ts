// The appointment statuses and payment methods (DESIGN.md section 1), their Portuguese names
// and colours. Shared by the agenda and the client history.

import type { Appointment } from '@/lib/api-schema'

// The sets come from the API's document; the lists give their order on screen.
export type AppointmentStatus = Appointment['status']
export type PaymentMethod = NonNullable<Appointment['paymentMethod']>

export const STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const satisfies readonly AppointmentStatus[]
export const PAYMENT_METHODS = ['pix', 'cash', 'credit_card', 'debit_card', 'other'] as const satisfies readonly PaymentMethod[]

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Agendado',
  confirmed: 'Confirmado',
  completed: 'Concluído',
  cancelled: 'Cancelado',
  no_show: 'Não compareceu',
}

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  cash: 'Dinheiro',
  credit_card: 'Cartão de crédito',
  debit_card: 'Cartão de débito',
  other: 'Outro',
}

/**
 * The colours of each status: a badge, an agenda block (the badge with a border) and a legend
 * dot. Few shades on purpose: the stylesheet is shared with the public store page.
 */
export const STATUS_STYLES: Record<AppointmentStatus, { badge: string; block: string; dot: string }> = {
  scheduled: { badge: 'bg-sky-100 text-sky-800', block: 'border-sky-500/40 bg-sky-100 text-sky-800', dot: 'bg-sky-500' },
  confirmed: {
    badge: 'bg-secondary text-secondary-foreground',
    block: 'border-primary/40 bg-secondary text-secondary-foreground',
    dot: 'bg-primary',
  },
  completed: { badge: 'bg-success/10 text-success', block: 'border-success/40 bg-success/10 text-success', dot: 'bg-success' },
  cancelled: { badge: 'bg-muted text-muted-foreground', block: 'border-border bg-muted text-muted-foreground', dot: 'bg-muted-foreground' },
  no_show: { badge: 'bg-amber-100 text-amber-800', block: 'border-amber-500/40 bg-amber-100 text-amber-800', dot: 'bg-amber-500' },
}
