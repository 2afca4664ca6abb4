// @vitest-environment node
import { describe, expect, it } from 'vitest'

import * as lib from '@/lib/format'

import { deadlineLabel, noticeLabel } from './booking-labels'
import { formatDuration, initialsOf, priceLabel, thumbOf, weekdayKey } from './labels'

describe("the store page's copy of lib/format", () => {
  it.each([0, 15, 45, 60, 90, 125])('formatDuration(%i) is lib/format’s', (m) => {
    expect(formatDuration(m)).toBe(lib.formatDuration(m))
  })

  it('writes prices and durations the Brazilian way', () => {
    expect(priceLabel(4590)).toMatch(/^R\$\s45,90$/)
    expect(formatDuration(45)).toBe('45 min')
    expect(formatDuration(90)).toBe('1h 30min')
    expect(priceLabel(null)).toBe('Sob consulta')
  })
})

describe('labels', () => {
  it('answers initials, thumbnails and weekdays', () => {
    expect(initialsOf('Ana Paula Souza')).toBe('AS')
    expect(initialsOf('bela')).toBe('B')
    expect(thumbOf('/files/abc')).toBe('/files/abc/thumb')
    expect(thumbOf('https://x/y.png')).toBe('https://x/y.png')
    expect(weekdayKey('2026-11-28')).toBe('saturday')
    expect(weekdayKey('2026-11-29')).toBe('sunday')
  })

  it('writes the minimum notice in words', () => {
    expect(noticeLabel(30)).toBe('30 minutos')
    expect(noticeLabel(60)).toBe('1 hora')
    expect(noticeLabel(120)).toBe('2 horas')
    expect(noticeLabel(1440)).toBe('1 dia')
    expect(noticeLabel(2880)).toBe('2 dias')
    expect(noticeLabel(90)).toBe('1h 30min')
  })

  it('writes the change deadline on the store clock', () => {
    expect(deadlineLabel('2026-11-27T12:00:00Z', 'America/Sao_Paulo')).toBe('sexta-feira, 27/11 às 09:00')
    expect(deadlineLabel('nope', 'America/Sao_Paulo')).toBe('')
  })
})
