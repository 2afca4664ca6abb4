// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { pointsChange, relativeChange } from './figures'

describe('relativeChange (money and counts)', () => {
  it('says how much a figure moved in percent, with one decimal under 10%', () => {
    expect(relativeChange(11200, 10000, 'more-is-better')).toEqual({
      kind: 'change',
      direction: 'up',
      text: '↑ 12%',
      spoken: 'alta de 12%',
      tone: 'good',
    })
    expect(relativeChange(9650, 10000, 'more-is-better')).toMatchObject({ text: '↓ 3,5%', spoken: 'queda de 3,5%', tone: 'bad' })
    expect(relativeChange(30, 10, 'more-is-better')).toMatchObject({ text: '↑ 200%' })
  })

  it('has no base when the period before was zero, and says when nothing moved', () => {
    expect(relativeChange(5000, 0, 'more-is-better')).toEqual({ kind: 'no-base' })
    expect(relativeChange(10000, 10000, 'more-is-better')).toMatchObject({ direction: 'same', text: 'sem variação', tone: 'neutral' })
  })

  it('colours by what is good for the salon', () => {
    expect(relativeChange(120, 100, 'less-is-better')).toMatchObject({ tone: 'bad' })
    expect(relativeChange(80, 100, 'less-is-better')).toMatchObject({ tone: 'good' })
    expect(relativeChange(120, 100, 'neutral')).toMatchObject({ tone: 'neutral' })
  })
})

describe('pointsChange (rates)', () => {
  it('says how many percentage points a rate moved', () => {
    expect(pointsChange(0.082, 0.05, 'less-is-better')).toEqual({
      kind: 'change',
      direction: 'up',
      text: '↑ 3,2 pontos',
      spoken: 'alta de 3,2 pontos percentuais',
      tone: 'bad',
    })
    expect(pointsChange(0.6, 0.615, 'more-is-better')).toMatchObject({ text: '↓ 1,5 ponto', tone: 'bad' })
    expect(pointsChange(0.05, 0, 'less-is-better')).toMatchObject({ text: '↑ 5,0 pontos' })
    expect(pointsChange(0.5, 0.5004, 'more-is-better')).toMatchObject({ text: 'sem variação' })
  })

  it('has no base when the rate before had none, and nothing to say when this one has none', () => {
    expect(pointsChange(0.1, null, 'less-is-better')).toEqual({ kind: 'no-base' })
    expect(pointsChange(null, 0.1, 'less-is-better')).toEqual({ kind: 'none' })
  })
})
