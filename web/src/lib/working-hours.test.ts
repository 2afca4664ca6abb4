// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  copyToAllDays,
  dayHoursError,
  defaultWorkingHours,
  HOURS_MISSING,
  HOURS_ORDER,
  normalizeWorkingHours,
  summarizeWorkingHours,
  workingHoursErrors,
} from './working-hours'

describe('defaultWorkingHours', () => {
  it('is 09:00–18:00 Monday to Saturday, Sunday closed (SPEC.md section 3)', () => {
    const hours = defaultWorkingHours()
    expect(hours.monday).toEqual({ open: '09:00', close: '18:00', isOpen: true })
    expect(hours.saturday.isOpen).toBe(true)
    expect(hours.sunday).toEqual({ open: '09:00', close: '18:00', isOpen: false })
  })
})

describe('dayHoursError', () => {
  it('accepts an open day that closes after it opens', () => {
    expect(dayHoursError({ open: '09:00', close: '18:00', isOpen: true })).toBeNull()
    expect(dayHoursError({ open: '00:00', close: '23:59', isOpen: true })).toBeNull()
  })

  it('refuses closing at or before opening', () => {
    expect(dayHoursError({ open: '18:00', close: '09:00', isOpen: true })).toBe(HOURS_ORDER)
    expect(dayHoursError({ open: '09:00', close: '09:00', isOpen: true })).toBe(HOURS_ORDER)
  })

  it('asks for both times on an open day', () => {
    expect(dayHoursError({ open: '', close: '18:00', isOpen: true })).toBe(HOURS_MISSING)
    expect(dayHoursError({ open: '9:00', close: '18:00', isOpen: true })).toBe(HOURS_MISSING)
  })

  it('ignores the times of a closed day', () => {
    expect(dayHoursError({ open: '18:00', close: '09:00', isOpen: false })).toBeNull()
  })
})

describe('workingHoursErrors', () => {
  it('names every invalid day and nothing else', () => {
    const hours = defaultWorkingHours()
    hours.tuesday = { open: '12:00', close: '08:00', isOpen: true }
    hours.friday = { open: '', close: '', isOpen: true }
    expect(workingHoursErrors(hours)).toEqual({ tuesday: HOURS_ORDER, friday: HOURS_MISSING })
    expect(workingHoursErrors(defaultWorkingHours())).toEqual({})
  })
})

describe('copyToAllDays', () => {
  it("gives every day the source day's times and keeps which days open", () => {
    const hours = defaultWorkingHours()
    hours.wednesday = { open: '10:30', close: '20:00', isOpen: true }
    const copied = copyToAllDays(hours, 'wednesday')
    for (const day of Object.values(copied)) {
      expect(day.open).toBe('10:30')
      expect(day.close).toBe('20:00')
    }
    expect(copied.sunday.isOpen).toBe(false)
    expect(copied.monday.isOpen).toBe(true)
    // The original is untouched.
    expect(hours.monday.open).toBe('09:00')
  })
})

describe('normalizeWorkingHours', () => {
  it('uses the defaults when there are no hours', () => {
    expect(normalizeWorkingHours(null)).toEqual(defaultWorkingHours())
  })

  it('fills in a missing day as closed', () => {
    const hours = normalizeWorkingHours({ monday: { open: '08:00', close: '12:00', isOpen: true } })
    expect(hours.monday).toEqual({ open: '08:00', close: '12:00', isOpen: true })
    expect(hours.tuesday).toEqual({ open: '09:00', close: '18:00', isOpen: false })
  })
})

describe('summarizeWorkingHours', () => {
  it('groups consecutive days with the same hours', () => {
    const hours = defaultWorkingHours()
    hours.saturday = { open: '09:00', close: '13:00', isOpen: true }
    expect(summarizeWorkingHours(hours)).toBe('Seg–Sex 09:00–18:00 · Sáb 09:00–13:00')
  })

  it('says when every day is closed', () => {
    const hours = defaultWorkingHours()
    for (const day of Object.values(hours)) day.isOpen = false
    expect(summarizeWorkingHours(hours)).toBe('Fechado todos os dias')
  })
})
