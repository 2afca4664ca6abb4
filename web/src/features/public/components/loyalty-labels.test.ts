// @vitest-environment node
import { describe, expect, it } from 'vitest'

import type { LoyaltyCard } from '../api/types'

import { keepMoneyTogether } from '@/lib/money'

import { cardLabel, cardProgress, contrast, levelColors, validUntil } from './loyalty-labels'

const count: LoyaltyCard = {
  name: 'Cartão escova',
  reward: 'Escova grátis',
  type: 'count',
  targetCount: 10,
  targetValue: 0,
  appointments: 2,
  value: 0,
  earned: false,
  expiresOn: null,
}
const value: LoyaltyCard = { ...count, name: 'Clube', reward: 'Hidratação', type: 'value', targetCount: 0, targetValue: 50000, value: 42000 }

describe('loyalty labels', () => {
  it('says how far a card is, in visits or in reais', () => {
    expect(cardLabel(count)).toBe('2 de 10 visitas para Escova grátis')
    expect(cardLabel({ ...count, appointments: 0, targetCount: 1 })).toBe('0 de 1 visita para Escova grátis')
    expect(cardLabel(value)).toBe('R$\u00a0420,00 de R$\u00a0500,00 para Hidratação')
    expect(cardLabel({ ...count, appointments: 10, earned: true })).toBe('Você ganhou: Escova grátis!')
  })

  it('measures progress from 0 to 100, full once earned, never past the target', () => {
    expect(cardProgress(count)).toBe(20)
    expect(cardProgress(value)).toBe(84)
    expect(cardProgress({ ...count, appointments: 14 })).toBe(100)
    expect(cardProgress({ ...count, appointments: 3, earned: true })).toBe(100)
    expect(cardProgress({ ...count, targetCount: 0 })).toBe(0)
  })

  it("keeps 'R$' with its amount on one line", () => {
    expect(keepMoneyTogether('Próximo nível: faltam 3 visitas ou R$ 120,00')).toBe('Próximo nível: faltam 3 visitas ou R$\u00a0120,00')
  })

  it('says until when a reward is valid, and nothing for one that lasts', () => {
    expect(validUntil({ expiresOn: '2026-12-12' })).toBe('Válido até 12/12/2026')
    expect(validUntil({ expiresOn: null })).toBe('')
  })

  it("keeps the owner's colours when they read, and fixes the text when they do not", () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21)
    expect(levelColors({ color: '#92400E', bgColor: '#FEF3C7' })).toEqual({ color: '#92400E', backgroundColor: '#FEF3C7' })
    // Yellow on cream: the text turns dark; white on a pale background too.
    expect(levelColors({ color: '#FACC15', bgColor: '#FEF9C3' })).toEqual({ color: '#1F2937', backgroundColor: '#FEF9C3' })
    // Light text on a dark background the owner chose reads better in white.
    expect(levelColors({ color: '#333333', bgColor: '#1E1B4B' })).toEqual({ color: '#FFFFFF', backgroundColor: '#1E1B4B' })
  })
})
