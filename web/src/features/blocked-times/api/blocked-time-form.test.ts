// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { todayIn } from '@/lib/dates'

import { blockedTimeFormSchema, blockedTimeToForm, today } from './blocked-time-form'

const values = { allDay: false, startTime: '12:00', endTime: '13:00', reason: '' }

describe('the blocked-time form', () => {
  it("takes the store's date as today, not the phone's", () => {
    expect(today('Asia/Tokyo')).toBe(todayIn('Asia/Tokyo'))
    expect(today()).toBe(todayIn('America/Sao_Paulo'))
    expect(blockedTimeToForm(null, '2026-12-24').date).toBe('2026-12-24')
  })

  it("refuses a day before the store's today and takes today itself", () => {
    const schema = blockedTimeFormSchema('2026-12-24')
    const before = schema.safeParse({ ...values, date: '2026-12-23' })
    expect(before.success).toBe(false)
    expect(before.error?.issues.map((i) => i.message)).toEqual(['Escolha hoje ou uma data futura'])
    expect(schema.safeParse({ ...values, date: '2026-12-24' }).success).toBe(true)
  })
})
