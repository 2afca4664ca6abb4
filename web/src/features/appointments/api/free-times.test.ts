// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { nowIn } from '@/lib/dates'

import { suggestedTimes } from './free-times'

const day = ['09:00', '09:30', '10:00', '16:30', '17:00', '17:30', '18:00']

describe('suggested free times', () => {
  it('offers nothing before now today: at 17:00, 09:00 is gone', () => {
    expect(suggestedTimes(day, '2026-03-14', { date: '2026-03-14', time: '17:00' })).toEqual(['17:00', '17:30', '18:00'])
  })

  it('drops a time whose minute has just passed', () => {
    expect(suggestedTimes(day, '2026-03-14', { date: '2026-03-14', time: '17:01' })).toEqual(['17:30', '18:00'])
  })

  it('offers nothing once the last free time today has passed', () => {
    expect(suggestedTimes(day, '2026-03-14', { date: '2026-03-14', time: '18:30' })).toEqual([])
  })

  it('starts at opening on another day', () => {
    expect(suggestedTimes(day, '2026-03-15', { date: '2026-03-14', time: '17:00' })).toEqual(day)
    expect(suggestedTimes(day, '2026-04-01', { date: '2026-03-31', time: '23:59' })[0]).toBe('09:00')
  })

  it('offers nothing on a day that has gone', () => {
    expect(suggestedTimes(day, '2026-03-13', { date: '2026-03-14', time: '08:00' })).toEqual([])
  })

  it("reads now on the store's clock, not the browser's", () => {
    // 20:00 UTC is 17:00 in São Paulo: still the 14th there, and 09:00 has passed.
    const now = nowIn('America/Sao_Paulo', new Date('2026-03-14T20:00:00Z'))
    expect(now).toEqual({ date: '2026-03-14', time: '17:00' })
    expect(suggestedTimes(day, '2026-03-14', now)).toEqual(['17:00', '17:30', '18:00'])
    // 02:00 UTC on the 15th is still 23:00 on the 14th in São Paulo: nothing left today, all tomorrow.
    const late = nowIn('America/Sao_Paulo', new Date('2026-03-15T02:00:00Z'))
    expect(suggestedTimes(day, '2026-03-14', late)).toEqual([])
    expect(suggestedTimes(day, '2026-03-15', late)).toEqual(day)
  })
})
