// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { parseFilters, periodTitle, presetRange, reportQuery, shortRange, writeFilters } from './period'

describe('presets', () => {
  it('counts each preset from the store’s today', () => {
    expect(presetRange('today', '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' })
    expect(presetRange('7d', '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' })
    expect(presetRange('month', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' })
    expect(presetRange('last-month', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' })
  })

  it('crosses months and years, and knows February', () => {
    expect(presetRange('7d', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' })
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(presetRange('last-month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(presetRange('month', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' })
  })

  it('asks for this month without days, and waits for today before any other preset', () => {
    expect(reportQuery({ period: 'month', professionalId: 'p1' }, null)).toEqual({ professionalId: 'p1' })
    expect(reportQuery({ period: '7d' }, null)).toBeNull()
    expect(reportQuery({ period: '7d' }, '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24', professionalId: undefined })
    expect(reportQuery({ period: 'custom', from: '2026-01-01', to: '' }, '2026-11-24')).toBeNull()
    expect(reportQuery({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }, null)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      professionalId: undefined,
    })
  })
})

describe('the filters in the address', () => {
  it('reads and writes them, leaving the defaults out and other parameters alone', () => {
    const custom = writeFilters({ period: 'custom', from: '2026-10-01', to: '2026-10-15', professionalId: 'p2' }, new URLSearchParams('x=1'))
    expect(custom.toString()).toBe('x=1&period=custom&from=2026-10-01&to=2026-10-15&professional=p2')
    expect(parseFilters(custom)).toEqual({ period: 'custom', from: '2026-10-01', to: '2026-10-15', professionalId: 'p2' })
    expect(writeFilters({ period: 'month' }, custom).toString()).toBe('x=1')
    expect(parseFilters(new URLSearchParams('period=ontem&from=2026-01-01'))).toEqual({ period: 'month', professionalId: undefined })
  })
})

describe('period names', () => {
  it('says a period in words and in figures', () => {
    expect(periodTitle('2026-11-01', '2026-11-24')).toBe('1 a 24 de novembro de 2026')
    expect(periodTitle('2026-11-24', '2026-11-24')).toBe('24 de novembro de 2026')
    expect(periodTitle('2025-12-29', '2026-01-04')).toBe('29 de dezembro de 2025 a 4 de janeiro de 2026')
    expect(shortRange('2026-10-13', '2026-10-31', '2026-11-24')).toBe('13/10 a 31/10')
    expect(shortRange('2026-11-23', '2026-11-23', '2026-11-24')).toBe('23/11')
    expect(shortRange('2025-12-01', '2025-12-31', '2026-01-15')).toBe('01/12/2025 a 31/12/2025')
  })
})
