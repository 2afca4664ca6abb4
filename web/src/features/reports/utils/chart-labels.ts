import { dayMonth } from '@/lib/dates'

import type { PaymentReport, Report } from '../api/get-report'

// Names and colours of the charts.

/** The theme's colours for SVG, which cannot read the stylesheet's tokens. */
export const CHART = {
  primary: '#7c3aed',
  primarySoft: '#ede9fe',
  grid: '#ebe7f0',
  text: '#6b6475',
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez']
const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
]

/** bucketLabel names a point of the revenue line: "24/11", "17/11" (long: "Semana de 17/11"), "nov/26" ("Novembro de 2026"). */
export function bucketLabel(bucket: Report['bucket'], start: string, long = false) {
  if (bucket === 'month') {
    const month = Number(start.slice(5, 7)) - 1
    return long ? `${MONTH_NAMES[month] ?? ''} de ${start.slice(0, 4)}` : `${MONTHS[month] ?? ''}/${start.slice(2, 4)}`
  }
  if (bucket === 'week') return long ? `Semana de ${dayMonth(start)}` : dayMonth(start)
  return dayMonth(start)
}

export const BUCKET_TITLES: Record<Report['bucket'], string> = {
  day: 'Faturamento por dia',
  week: 'Faturamento por semana',
  month: 'Faturamento por mês',
}

const METHOD_LABELS: Record<string, string> = {
  pix: 'Pix',
  cash: 'Dinheiro',
  credit_card: 'Cartão de crédito',
  debit_card: 'Cartão de débito',
  other: 'Outro',
}

export const methodLabel = (method: PaymentReport['method']) => (method ? (METHOD_LABELS[method] ?? method) : 'Não informado')
