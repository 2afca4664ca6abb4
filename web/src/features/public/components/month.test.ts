// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { addMonths, dayLabel, daysInMonth, monthCells, monthLabel, monthWindow, shortDayLabel } from './month'

describe('month', () => {
  it('counts days and moves across years', () => {
    expect(daysInMonth('2026-02')).toBe(28)
    expect(daysInMonth('2028-02')).toBe(29)
    expect(addMonths('2026-11', 2)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
  })

  it('asks for the rest of the current month, and whole later months', () => {
    expect(monthWindow('2026-11', '2026-11-26')).toEqual({ from: '2026-11-26', days: 5 })
    expect(monthWindow('2026-12', '2026-11-26')).toEqual({ from: '2026-12-01', days: 31 })
  })

  it('lays the month out from Sunday', () => {
    const cells = monthCells('2026-11') // 1 November 2026 is a Sunday
    expect(cells[0]).toBe('2026-11-01')
    expect(cells).toHaveLength(30)
    const december = monthCells('2026-12') // a Tuesday
    expect(december.slice(0, 3)).toEqual([null, null, '2026-12-01'])
  })

  it('writes dates in Portuguese', () => {
    expect(monthLabel('2026-11')).toBe('novembro de 2026')
    expect(dayLabel('2026-11-28')).toBe('sábado, 28 de novembro')
    expect(shortDayLabel('2026-11-28')).toBe('Sáb, 28/11')
  })
})
