import { countLabel, formatDate } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { withPreposition } from '@/lib/pt-br'
import { firstName } from '@/lib/utils'

import type { Progress } from './get-promotion-clients'
import type { Promotion } from './get-promotions'

// How a promotion and a client's card read, in the owner's words.

type Rule = Pick<Promotion, 'type' | 'targetCount' | 'targetValue' | 'reward'>

/**
 * ruleText says what the card asks and gives: "10 visitas de Corte = Escova grátis",
 * "10 visitas = Escova grátis" (any service), "R$ 500,00 em serviços = Hidratação".
 */
export function ruleText(p: Rule, serviceName?: string) {
  const target =
    p.type === 'count'
      ? `${countLabel(p.targetCount, 'visita', 'visitas')}${serviceName ? ` de ${serviceName}` : ''}`
      : `${formatBRL(p.targetValue)} em serviços`
  return `${target} = ${p.type === 'count' && serviceName ? rewardAfter(serviceName, p.reward) : p.reward}`
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR').trim()

/**
 * rewardAfter names the reward without the service the rule just named: "5 visitas de Corte
 * feminino com lavagem = 1 grátis", not "… = Corte feminino com lavagem grátis" (issue 23).
 */
function rewardAfter(serviceName: string, reward: string) {
  const name = serviceName.trim()
  if (!name || !fold(reward).startsWith(fold(name))) return reward
  // Folding keeps the length of these names' letters, so the cut falls after the service.
  const rest = reward.trim().slice(name.length).trim()
  if (rest === '' || fold(rest) === 'gratis') return '1 grátis'
  return `1 ${rest}`
}

/** standingText is how a card stands: "12 clientes ganharam · 8 a uma visita", "Ninguém ganhou ainda". */
export function standingText(earned: number, oneVisitAway: number) {
  const won =
    earned === 0
      ? 'Ninguém ganhou ainda'
      : `${countLabel(earned, 'cliente', 'clientes')} ${earned === 1 ? 'ganhou' : 'ganharam'}`
  return oneVisitAway > 0 ? `${won} · ${oneVisitAway.toLocaleString('pt-BR')} a uma visita` : won
}

/** periodText is the card's period ("De 01/03/2026 a 31/03/2026"), or null when visits always count. */
export function periodText(p: Pick<Promotion, 'startDate' | 'endDate'>) {
  if (p.startDate && p.endDate) return `De ${formatDate(p.startDate)} a ${formatDate(p.endDate)}`
  if (p.startDate) return `A partir de ${formatDate(p.startDate)}`
  if (p.endDate) return `Até ${formatDate(p.endDate)}`
  return null
}

/** validityText says how long a reward lasts once earned. */
export function validityText(validDays: number) {
  return validDays > 0
    ? `O prêmio vale ${countLabel(validDays, 'dia', 'dias')} depois de ganho`
    : 'O prêmio vale até ser usado'
}

/** validityOption is a choice of the form's 'Validade do prêmio'. */
export function validityOption(validDays: number) {
  return validDays > 0 ? countLabel(validDays, 'dia', 'dias') : 'Até ser usado'
}

/**
 * progressText is a client's card: "8 de 10 visitas", "R$ 420,00 de R$ 500,00", and "Completo"
 * once the target is reached or the reward earned (never "6 de 5 visitas", issue 23).
 */
export function progressText(
  p: Pick<Promotion, 'type' | 'targetCount' | 'targetValue'>,
  card: Pick<Progress, 'appointments' | 'value'> & { earned?: boolean },
) {
  const done = p.type === 'count' ? card.appointments >= p.targetCount : card.value >= p.targetValue
  if (card.earned || done) return 'Completo'
  return p.type === 'count'
    ? `${card.appointments.toLocaleString('pt-BR')} de ${countLabel(p.targetCount, 'visita', 'visitas')}`
    : `${formatBRL(card.value)} de ${formatBRL(p.targetValue)}`
}

/** progressPercent is how full a card is, 0 to 100. */
export function progressPercent(p: Pick<Promotion, 'type' | 'targetCount' | 'targetValue'>, card: Pick<Progress, 'appointments' | 'value' | 'earned'>) {
  if (card.earned) return 100
  const target = p.type === 'count' ? p.targetCount : p.targetValue
  const done = p.type === 'count' ? card.appointments : card.value
  return target > 0 ? Math.min(100, Math.round((done / target) * 100)) : 0
}

/** missingText says what a client still needs: "Falta 1 visita", "Faltam R$ 80,00". */
export function missingText(card: Pick<Progress, 'missingVisits' | 'missingValue'>) {
  if (card.missingVisits > 0) return `${card.missingVisits === 1 ? 'Falta' : 'Faltam'} ${countLabel(card.missingVisits, 'visita', 'visitas')}`
  if (card.missingValue > 0) return `Faltam ${formatBRL(card.missingValue)}`
  return ''
}

/** expiryText says until when an earned reward can be used, or '' when it does not expire. */
export function expiryText(card: Pick<Progress, 'expiresOn'>) {
  return card.expiresOn ? `Vale até ${formatDate(card.expiresOn)}` : ''
}

/**
 * congratsMessage is the WhatsApp text for a client who earned a reward: "Olá, Maria! Você
 * ganhou Escova grátis no Studio Bela 🎉 Venha aproveitar!" (with the last day, when it has one).
 */
export function congratsMessage(clientName: string, reward: string, storeName?: string, expiresOn?: string) {
  const where = storeName ? ` ${withPreposition('em', storeName)}` : ''
  const until = expiresOn ? ` Vale até ${formatDate(expiresOn)}.` : ''
  return `Olá, ${firstName(clientName)}! Você ganhou ${reward}${where} 🎉${until} Venha aproveitar!`
}
