// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  contrastRatio,
  formToGamification,
  gamificationFormSchema,
  gamificationToForm,
  nextLevel,
  parseVisits,
} from './gamification-form'
import type { Gamification } from './get-gamification'

const defaults: Gamification = {
  enabled: true,
  showLoyaltyLevel: true,
  showTotalSpent: false,
  showCompletionRate: false,
  showPromotions: true,
  showNextMilestone: true,
  levels: [
    { name: 'Bronze', color: '#92400E', bgColor: '#FEF3C7', minAppointments: 1, minValue: 0, icon: 'medal' },
    { name: 'Prata', color: '#374151', bgColor: '#F3F4F6', minAppointments: 6, minValue: 20000, icon: 'award' },
    { name: 'Ouro', color: '#854D0E', bgColor: '#FEF9C3', minAppointments: 16, minValue: 50000, icon: 'star' },
  ],
}

function issues(values: ReturnType<typeof gamificationToForm>) {
  const result = gamificationFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('levels form', () => {
  it('goes to the form and back unchanged, money in reais', () => {
    const form = gamificationToForm(defaults)
    expect(form.levels[1]).toEqual({
      name: 'Prata',
      color: '#374151',
      bgColor: '#F3F4F6',
      minAppointments: '6',
      minValue: '200,00',
      icon: 'award',
    })
    expect(form.levels[0]?.minValue).toBe('')
    expect(formToGamification(form)).toEqual(defaults)
    expect(issues(form)).toEqual({})
  })

  it('refuses levels that do not climb, twin names and bad colours, where they are', () => {
    const form = gamificationToForm(defaults)
    const levels = form.levels.map((l) => ({ ...l }))
    levels[1] = { ...levels[1]!, minAppointments: '1', minValue: '0', color: '#12345' }
    levels[2] = { ...levels[2]!, name: 'prata ' }
    expect(issues({ ...form, levels })).toEqual({
      'levels.1.color': 'Use uma cor no formato #RRGGBB',
      'levels.1.minAppointments': 'Precisa de mais visitas que Bronze (1)',
      'levels.2.name': 'Dois níveis não podem ter o mesmo nome',
    })
    levels[1] = { ...levels[1], minAppointments: '6', minValue: '600', color: '#374151' }
    levels[2] = { ...levels[2], name: 'Ouro' }
    expect(issues({ ...form, levels })).toEqual({ 'levels.2.minValue': 'Não pode ser menos que Prata (600,00)' })
    expect(issues({ ...form, levels: [] })).toEqual({ levels: 'Tenha pelo menos um nível' })
    expect(parseVisits('10001')).toBeNull()
  })

  it('proposes a new level above the last, never overlapping it', () => {
    const form = gamificationToForm(defaults)
    const added = nextLevel(form.levels)
    expect(added).toMatchObject({ name: '', minAppointments: '26', minValue: '1.000,00', icon: 'sparkles' })
    expect(contrastRatio(added.color, added.bgColor)).toBeGreaterThan(4.5)
    expect(issues({ ...form, levels: [...form.levels, { ...added, name: 'Diamante' }] })).toEqual({})
  })

  it("measures the contrast of a level's colours as WCAG does", () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21)
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1)
    expect(contrastRatio('#92400E', '#FEF3C7')).toBeGreaterThan(4.5)
    expect(contrastRatio('nope', '#FFFFFF')).toBe(0)
  })
})
