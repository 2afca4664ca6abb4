// @vitest-environment node
import { describe, expect, it } from 'vitest'

import type { Promotion } from './get-promotions'
import { parseReais } from './money'
import {
  END_BEFORE_START,
  formToPromotionInput,
  parseTargetCount,
  parseTargetValue,
  promotionFormSchema,
  promotionToForm,
  promotionToInput,
  TARGET_COUNT_INVALID,
  TARGET_VALUE_INVALID,
} from './promotion-form'

const saved: Promotion = {
  id: 'pr1',
  name: 'Cartão fidelidade',
  type: 'value',
  targetCount: 0,
  targetValue: 150090,
  serviceId: null,
  reward: 'Hidratação',
  startDate: '2026-03-01',
  endDate: null,
  validDays: 30,
  isActive: false,
  createdAt: '2026-03-01T12:00:00Z',
}

function issues(values: ReturnType<typeof promotionToForm>) {
  const result = promotionFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('promotion form', () => {
  it('reads reais as a price is typed, beyond what one service costs', () => {
    expect(parseReais('500')).toBe(50000)
    expect(parseReais('R$ 1.500,90')).toBe(150090)
    expect(parseReais('500.5')).toBe(50050)
    expect(parseReais('250.000,00')).toBe(25_000_000)
    expect(parseReais('')).toBe(0)
    expect(parseReais('1.000.000,01')).toBeNull()
    expect(parseReais('dez')).toBeNull()
    expect(parseTargetValue('0')).toBeNull()
    expect(parseTargetCount('10')).toBe(10)
    expect(parseTargetCount('0')).toBeNull()
    expect(parseTargetCount('1001')).toBeNull()
    expect(parseTargetCount('2,5')).toBeNull()
  })

  it('asks for the target of the chosen type only, and a period that does not end before it starts', () => {
    const blank = promotionToForm(null)
    expect(blank).toMatchObject({ type: 'count', targetCount: '10', validDays: '0' })
    expect(issues({ ...blank, name: ' ', reward: '' })).toEqual({
      name: 'Dê um nome à promoção',
      reward: 'Diga qual é o prêmio, por exemplo: Escova grátis',
    })
    expect(issues({ ...blank, name: 'A', reward: 'B', targetCount: '0' })).toEqual({ targetCount: TARGET_COUNT_INVALID })
    expect(issues({ ...blank, name: 'A', reward: 'B', type: 'value', targetCount: '0' })).toEqual({
      targetValue: TARGET_VALUE_INVALID,
    })
    expect(issues({ ...blank, name: 'A', reward: 'B', startDate: '2026-03-10', endDate: '2026-03-01' })).toEqual({
      endDate: END_BEFORE_START,
    })
  })

  it('writes a count card without value and a value card without count or service', () => {
    const form = { ...promotionToForm(null), name: ' Cartão ', reward: ' Escova grátis ', serviceId: 's1', validDays: '30' }
    expect(formToPromotionInput(form, true)).toEqual({
      name: 'Cartão',
      type: 'count',
      targetCount: 10,
      targetValue: 0,
      serviceId: 's1',
      reward: 'Escova grátis',
      startDate: null,
      endDate: null,
      validDays: 30,
      isActive: true,
    })
    const edit = promotionToForm(saved)
    expect(edit).toMatchObject({ type: 'value', targetValue: '1.500,90', startDate: '2026-03-01', validDays: '30' })
    expect(formToPromotionInput({ ...edit, serviceId: 's1' }, false)).toMatchObject({
      targetCount: 0,
      targetValue: 150090,
      serviceId: null,
      isActive: false,
    })
  })

  it('turns a saved promotion back into a request to flip its switch', () => {
    expect(promotionToInput(saved, { isActive: true })).toEqual({
      name: 'Cartão fidelidade',
      type: 'value',
      targetCount: 0,
      targetValue: 150090,
      serviceId: null,
      reward: 'Hidratação',
      startDate: '2026-03-01',
      endDate: null,
      validDays: 30,
      isActive: true,
    })
  })
})
