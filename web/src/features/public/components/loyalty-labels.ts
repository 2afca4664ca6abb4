import { formatDate } from '@/lib/format'
import { formatBRL } from '@/lib/money'

import type { LoyaltyCard } from '../api/types'

// Words and numbers of the customer's loyalty programme on the manage link (the store page's
// first load never imports this).

/** cardProgress is how far a card is, 0–100: visits or money against the card's target. */
export function cardProgress(card: LoyaltyCard) {
  if (card.earned) return 100
  const [done, target] = card.type === 'count' ? [card.appointments, card.targetCount] : [card.value, card.targetValue]
  if (target <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((done / target) * 100)))
}

/** visits: "1 visita", "10 visitas". */
function visits(n: number) {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'visita' : 'visitas'}`
}

/**
 * cardLabel says where a card stands: "2 de 10 visitas para Escova grátis",
 * "R$ 420,00 de R$ 500,00 para Hidratação", or, once earned, "Você ganhou: Escova grátis!".
 */
export function cardLabel(card: LoyaltyCard) {
  if (card.earned) return `Você ganhou: ${card.reward}!`
  if (card.type === 'count') {
    return `${Math.min(card.appointments, card.targetCount).toLocaleString('pt-BR')} de ${visits(card.targetCount)} para ${card.reward}`
  }
  return `${formatBRL(Math.min(card.value, card.targetValue))} de ${formatBRL(card.targetValue)} para ${card.reward}`
}

/** validUntil: "Válido até 12/12/2026", or '' for a reward that lasts until it is used. */
export function validUntil(card: Pick<LoyaltyCard, 'expiresOn'>) {
  return card.expiresOn ? `Válido até ${formatDate(card.expiresOn)}` : ''
}

/** The relative luminance of a #RRGGBB colour (WCAG 2.x); null for anything else. */
function luminance(hex: string) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) return null
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h ?? '0', 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** contrast is the WCAG contrast ratio of two #RRGGBB colours (1–21); 0 when either is not one. */
export function contrast(a: string, b: string) {
  const la = luminance(a)
  const lb = luminance(b)
  if (la === null || lb === null) return 0
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * levelColors are the level's own colours when its text reads on its background (WCAG AA, 4.5:1
 * for small text); otherwise the background stays and the text turns near-black or white,
 * whichever reads better, so an owner's unlucky choice never hides the customer's level.
 */
export function levelColors(level: { color: string; bgColor: string }) {
  const bg = luminance(level.bgColor) === null ? '#F3F4F6' : level.bgColor
  if (contrast(level.color, bg) >= 4.5) return { color: level.color, backgroundColor: bg }
  const dark = '#1F2937'
  return { color: contrast(dark, bg) >= contrast('#FFFFFF', bg) ? dark : '#FFFFFF', backgroundColor: bg }
}
