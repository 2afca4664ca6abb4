// @vitest-environment node
import vectors from '@domain/testdata/money.json'
import { describe, expect, it } from 'vitest'

import { formatBRL, formatCentsInput, formatCompactBRL, keepMoneyTogether, parseBRL } from './money'

// The cases the server's internal/domain is tested against too (money_vectors_test.go).
describe('money, as the server writes it', () => {
  it.each(vectors.format)('$cents cents read $display', ({ cents, display, input }) => {
    // In the page "R$" and the amount never part: Intl writes a no-break space between them.
    expect(formatBRL(cents)).toBe(keepMoneyTogether(display))
    expect(formatCentsInput(cents)).toBe(input)
  })

  it('writes no amount as an empty field', () => {
    expect(formatCentsInput(null)).toBe('')
    expect(formatCentsInput(undefined)).toBe('')
  })

  it('writes a chart axis short', () => {
    expect(formatCompactBRL(120000)).toBe('R$\u00a01,2\u00a0mil')
    expect(formatCompactBRL(50000)).toBe('R$\u00a0500')
  })
})

describe('parseBRL', () => {
  it.each(vectors.parse)('reads $text', (tc) => {
    expect(parseBRL(tc.text)).toBe('blank' in tc ? undefined : tc.cents)
  })

  it('reads back every amount a price field shows', () => {
    for (const { cents } of vectors.format) expect(parseBRL(formatCentsInput(cents))).toBe(cents)
  })
})
