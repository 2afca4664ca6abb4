// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { countLabel, formatDate, formatDuration, parsePrice, PRICE_INVALID, PRICE_NEGATIVE, PRICE_TOO_HIGH } from './format'
import { formatCentsInput } from './money'

const nbsp = '\u00a0'

describe('formatDate', () => {
  it('rewrites a wall-clock date without shifting the day', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025')
    expect(formatDate('2024-12-31')).toBe('31/12/2024')
  })

  it('formats a Date as dd/MM/yyyy', () => {
    expect(formatDate(new Date(2025, 0, 5, 23, 59))).toBe('05/01/2025')
  })

  it('formats an ISO instant in local time', () => {
    const local = new Date(2025, 6, 9, 12, 0)
    expect(formatDate(local.toISOString())).toBe('09/07/2025')
  })

  it('answers an empty string for what is not a date', () => {
    expect(formatDate('amanhã')).toBe('')
  })
})

describe('parsePrice', () => {
  it.each([
    ['45,90', 4590],
    ['1.234,56', 123456],
    ['10', 1000],
    ['0,5', 50],
    ['0,05', 5],
    ['0', 0],
    ['R$ 45,90', 4590],
    [' 45,9 ', 4590],
    ['45.90', 4590],
    ['1.234', 123400],
    ['12.345.678,9', null],
    ['100.000,00', 10_000_000],
  ])('reads %j as %s cents', (text, cents) => {
    const parsed = parsePrice(text)
    if (cents === null) {
      expect(parsed.ok).toBe(false)
      return
    }
    expect(parsed).toEqual({ ok: true, cents })
  })

  it('reads an empty field as "no price"', () => {
    expect(parsePrice('')).toEqual({ ok: true, cents: null })
    expect(parsePrice('   ')).toEqual({ ok: true, cents: null })
    expect(parsePrice('R$ ')).toEqual({ ok: true, cents: null })
  })

  it.each(['abc', '45,', '45,999', '1,2,3', '4 5', '1.23,45', '--5', '45 ,90'])('refuses %j', (text) => {
    expect(parsePrice(text)).toEqual({ ok: false, error: PRICE_INVALID })
  })

  it('refuses negative prices with their own message', () => {
    expect(parsePrice('-5')).toEqual({ ok: false, error: PRICE_NEGATIVE })
    expect(parsePrice('-45,90')).toEqual({ ok: false, error: PRICE_NEGATIVE })
  })

  it('refuses prices above R$ 100.000,00', () => {
    expect(parsePrice('100.000,01')).toEqual({ ok: false, error: PRICE_TOO_HIGH })
    expect(PRICE_TOO_HIGH).toBe(`O preço máximo é R$${nbsp}100.000,00`)
  })

  it('round-trips with formatCentsInput', () => {
    for (const cents of [0, 5, 50, 4590, 123456, 10_000_000]) {
      expect(parsePrice(formatCentsInput(cents))).toEqual({ ok: true, cents })
    }
    expect(formatCentsInput(123456)).toBe('1.234,56')
    expect(formatCentsInput(null)).toBe('')
  })
})

describe('formatDuration', () => {
  it.each([
    [5, '5 min'],
    [45, '45 min'],
    [60, '1h'],
    [90, '1h 30min'],
    [125, '2h 5min'],
    [720, '12h'],
  ])('shows %i minutes as %j', (minutes, want) => {
    expect(formatDuration(minutes)).toBe(want)
  })
})

describe('countLabel', () => {
  it('picks singular or plural and formats thousands', () => {
    expect(countLabel(1, 'agendamento', 'agendamentos')).toBe('1 agendamento')
    expect(countLabel(0, 'agendamento', 'agendamentos')).toBe('0 agendamentos')
    expect(countLabel(1234, 'agendamento', 'agendamentos')).toBe('1.234 agendamentos')
  })
})
