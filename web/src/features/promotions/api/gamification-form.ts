import * as z from 'zod/mini'

import { formatCentsInput } from '@/lib/money'

import type { Gamification, Level } from './get-gamification'
import { parseReais } from './money'
import { LIMITS } from '@/lib/api-limits'

// The levels editor's rules, the server's own (internal/domain/loyalty.go): 1 to 10 levels
// with distinct names, colours as #RRGGBB, and thresholds that climb — each level needs more
// visits than the one below it, and no less money.

export const MAX_LEVELS = LIMITS.levels
export const LEVEL_NAME_MAX = LIMITS.levelName
export const MAX_LEVEL_VISITS = 10_000

export const LEVEL_ICON_NAMES = ['medal', 'award', 'star', 'gem', 'crown', 'sparkles', 'heart'] as const

const HEX = /^#[0-9A-Fa-f]{6}$/

export const COLOR_INVALID = 'Use uma cor no formato #RRGGBB'
export const VISITS_INVALID = `Informe de 0 a ${MAX_LEVEL_VISITS.toLocaleString('pt-BR')} visitas`
export const VALUE_INVALID = 'Informe o valor em reais, como 200,00 (0 ou em branco: só por visitas)'

/** parseVisits reads whole visits from 0 to 10.000 (null otherwise). */
export function parseVisits(text: string): number | null {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return null
  const n = Number(value)
  return n <= MAX_LEVEL_VISITS ? n : null
}

const levelSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Dê um nome ao nível'),
    z.maxLength(LEVEL_NAME_MAX, `Use no máximo ${LEVEL_NAME_MAX} caracteres`),
  ),
  color: z.string().check(z.regex(HEX, COLOR_INVALID)),
  bgColor: z.string().check(z.regex(HEX, COLOR_INVALID)),
  minAppointments: z.string().check(z.refine((v) => parseVisits(v) !== null, { message: VISITS_INVALID })),
  minValue: z.string().check(z.refine((v) => parseReais(v) !== null, { message: VALUE_INVALID })),
  icon: z.enum(LEVEL_ICON_NAMES),
})

export const gamificationFormSchema = z
  .object({
    enabled: z.boolean(),
    showLoyaltyLevel: z.boolean(),
    showTotalSpent: z.boolean(),
    showCompletionRate: z.boolean(),
    showPromotions: z.boolean(),
    showNextMilestone: z.boolean(),
    levels: z.array(levelSchema).check(
      z.minLength(1, 'Tenha pelo menos um nível'),
      z.maxLength(MAX_LEVELS, `Tenha no máximo ${MAX_LEVELS} níveis`),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const seen = new Set<string>()
      v.levels.forEach((level, i) => {
        const name = level.name.trim().toLocaleLowerCase('pt-BR')
        if (name && seen.has(name)) {
          ctx.addIssue({ code: 'custom', message: 'Dois níveis não podem ter o mesmo nome', path: ['levels', i, 'name'], input: v })
        }
        seen.add(name)
        const prev = v.levels[i - 1]
        if (!prev) return
        const visits = parseVisits(level.minAppointments)
        const prevVisits = parseVisits(prev.minAppointments)
        const value = parseReais(level.minValue)
        const prevValue = parseReais(prev.minValue)
        if (visits === null || prevVisits === null || value === null || prevValue === null) return
        if (visits <= prevVisits) {
          ctx.addIssue({
            code: 'custom',
            message: `Precisa de mais visitas que ${prev.name.trim() || 'o nível anterior'} (${prevVisits})`,
            path: ['levels', i, 'minAppointments'],
            input: v,
          })
        }
        if (value < prevValue) {
          ctx.addIssue({
            code: 'custom',
            message: `Não pode ser menos que ${prev.name.trim() || 'o nível anterior'} (${formatCentsInput(prevValue)})`,
            path: ['levels', i, 'minValue'],
            input: v,
          })
        }
      })
    }),
  )

export type GamificationFormValues = z.infer<typeof gamificationFormSchema>
export type LevelFormValues = GamificationFormValues['levels'][number]

export function levelToForm(l: Level): LevelFormValues {
  return {
    name: l.name,
    color: l.color.toUpperCase(),
    bgColor: l.bgColor.toUpperCase(),
    minAppointments: String(l.minAppointments),
    minValue: l.minValue > 0 ? formatCentsInput(l.minValue) : '',
    icon: l.icon,
  }
}

export function gamificationToForm(g: Gamification): GamificationFormValues {
  return {
    enabled: g.enabled,
    showLoyaltyLevel: g.showLoyaltyLevel,
    showTotalSpent: g.showTotalSpent,
    showCompletionRate: g.showCompletionRate,
    showPromotions: g.showPromotions,
    showNextMilestone: g.showNextMilestone,
    levels: g.levels.map(levelToForm),
  }
}

export function formToGamification(v: GamificationFormValues): Gamification {
  return {
    enabled: v.enabled,
    showLoyaltyLevel: v.showLoyaltyLevel,
    showTotalSpent: v.showTotalSpent,
    showCompletionRate: v.showCompletionRate,
    showPromotions: v.showPromotions,
    showNextMilestone: v.showNextMilestone,
    levels: v.levels.map((l) => ({
      name: l.name.trim(),
      color: l.color.toUpperCase(),
      bgColor: l.bgColor.toUpperCase(),
      minAppointments: parseVisits(l.minAppointments) ?? 0,
      minValue: parseReais(l.minValue) ?? 0,
      icon: l.icon,
    })),
  }
}

/** Colours for a new level, in turn (text and background, 7:1 or more). */
const NEW_LEVEL_COLOURS = [
  { color: '#9D174D', bgColor: '#FCE7F3' },
  { color: '#065F46', bgColor: '#D1FAE5' },
  { color: '#9A3412', bgColor: '#FFEDD5' },
  { color: '#155E75', bgColor: '#CFFAFE' },
] as const

/**
 * nextLevel proposes a level above the last: more visits and money, and the next colours of a
 * small palette, so a new level never starts out overlapping the one below.
 */
export function nextLevel(levels: readonly LevelFormValues[]): LevelFormValues {
  const last = levels.at(-1)
  const visits = last ? (parseVisits(last.minAppointments) ?? 0) : 0
  const value = last ? (parseReais(last.minValue) ?? 0) : 0
  const palette = NEW_LEVEL_COLOURS[levels.length % NEW_LEVEL_COLOURS.length] ?? NEW_LEVEL_COLOURS[0]
  return {
    name: '',
    color: palette.color,
    bgColor: palette.bgColor,
    minAppointments: String(Math.min(visits + 10, MAX_LEVEL_VISITS)),
    minValue: value > 0 ? formatCentsInput(value + 50_000) : '',
    icon: 'sparkles',
  }
}

/** The relative luminance of a #RRGGBB colour (WCAG 2). */
function luminance(hex: string) {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** contrastRatio is WCAG's contrast between two #RRGGBB colours (1 to 21; 0 when one is not a colour). */
export function contrastRatio(a: string, b: string) {
  if (!HEX.test(a) || !HEX.test(b)) return 0
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
