// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { addDays, isValidDate, longDate, nowIn, startOfWeek, weekdayName, weekRange } from './dates'

describe('wall-clock dates', () => {
  it('knows which days exist', () => {
    expect(isValidDate('2028-02-29')).toBe(true)
    expect(isValidDate('2026-02-29')).toBe(false)
    expect(isValidDate('2026-02-30')).toBe(false)
    expect(isValidDate('2026-2-3')).toBe(false)
  })

  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-11-01', 7)).toBe('2026-11-08')
  })

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-12-12')).toBe('2026-12-07') // a Saturday
    expect(startOfWeek('2026-12-13')).toBe('2026-12-07') // a Sunday
    expect(startOfWeek('2026-12-07')).toBe('2026-12-07')
  })

  it('names days and periods in Portuguese', () => {
    expect(weekdayName('2026-12-12')).toBe('sábado')
    expect(longDate('2026-12-12')).toBe('sábado, 12 de dezembro de 2026')
    expect(weekRange('2026-12-07', '2026-12-13')).toBe('7 a 13 de dezembro de 2026')
    expect(weekRange('2026-12-28', '2027-01-03')).toBe('28 de dezembro de 2026 a 3 de janeiro de 2027')
  })

  it("reads today on the store's clock, not the browser's", () => {
    const instant = new Date('2026-12-13T01:30:00Z') // still the 12th in São Paulo
    expect(nowIn('America/Sao_Paulo', instant)).toEqual({ date: '2026-12-12', time: '22:30' })
    expect(nowIn('Europe/Lisbon', instant)).toEqual({ date: '2026-12-13', time: '01:30' })
  })
})
