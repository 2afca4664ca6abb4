// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { defaultWorkingHours } from '@/lib/working-hours'

import type { Professional } from './get-professionals'
import {
  extractEmbedUrl,
  formToProfessionalInput,
  GOOGLE_EMBED_INVALID,
  GOOGLE_EMBED_MISSING,
  googleEmbedError,
  intervalOptions,
  parsePercent,
  professionalFormSchema,
  professionalToForm,
} from './professional-form'

const embed = 'https://calendar.google.com/calendar/embed?src=ana%40gmail.com&ctz=America%2FSao_Paulo'

describe('googleEmbedError', () => {
  it('accepts a Google Agenda embed address', () => {
    expect(googleEmbedError(embed)).toBeNull()
  })

  it.each([
    'http://calendar.google.com/calendar/embed?src=x',
    'https://calendar.google.com/calendar/u/0/r',
    'https://calendar.google.com.evil.com/calendar/embed?src=x',
    'https://evil.com/?https://calendar.google.com/calendar/embed?src=x',
    'https://calendar.google.com/calendar/embed?',
    'https://calendar.google.com/calendar/embed?src=a b',
    'javascript:alert(1)',
  ])('refuses %j', (url) => {
    expect(googleEmbedError(url)).toBe(GOOGLE_EMBED_INVALID)
  })

  it('asks for the address when it is missing', () => {
    expect(googleEmbedError('  ')).toBe(GOOGLE_EMBED_MISSING)
  })
})

describe('extractEmbedUrl', () => {
  it('takes the src out of the pasted <iframe> code', () => {
    const code = `<iframe src="${embed.replace('&', '&amp;')}" style="border: 0" width="800" height="600"></iframe>`
    expect(extractEmbedUrl(code)).toBe(embed)
  })

  it('keeps a plain address', () => {
    expect(extractEmbedUrl(`  ${embed} `)).toBe(embed)
  })
})

describe('parsePercent', () => {
  it('reads whole percentages from 0 to 100', () => {
    expect(parsePercent('40')).toBe(40)
    expect(parsePercent('0')).toBe(0)
    expect(parsePercent('100')).toBe(100)
    expect(parsePercent('35%')).toBe(35)
    expect(parsePercent('')).toBe(0)
  })

  it('refuses decimals, negatives and more than 100', () => {
    for (const text of ['12,5', '-1', '101', 'abc']) expect(parsePercent(text)).toBeNull()
  })
})

describe('professional form', () => {
  const valid = professionalToForm(null, defaultWorkingHours())

  const issues = (values: typeof valid) => {
    const result = professionalFormSchema.safeParse(values)
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('starts on the store hours, a 30-minute interval and the app calendar', () => {
    expect(valid).toMatchObject({ useStoreHours: true, bookingInterval: '30', calendarType: 'app', commissionPct: '0' })
    expect(issues({ ...valid, name: 'Ana' })).toEqual({})
  })

  it('checks the Google embed only for a Google calendar', () => {
    expect(issues({ ...valid, name: 'Ana', calendarType: 'app', googleCalendarEmbed: 'https://x.com' })).toEqual({})
    expect(issues({ ...valid, name: 'Ana', calendarType: 'google', googleCalendarEmbed: 'https://x.com' })).toEqual({
      googleCalendarEmbed: GOOGLE_EMBED_INVALID,
    })
  })

  it("checks the professional's own hours only when they are used", () => {
    const hours = defaultWorkingHours()
    hours.monday = { open: '18:00', close: '09:00', isOpen: true }
    expect(issues({ ...valid, name: 'Ana', workingHours: hours })).toEqual({})
    expect(issues({ ...valid, name: 'Ana', useStoreHours: false, workingHours: hours })).toEqual({
      'workingHours.monday': 'O fechamento deve ser depois da abertura',
    })
  })

  it('sends null hours for "Usar o horário da loja" and no embed for the app calendar', () => {
    const input = formToProfessionalInput({
      ...valid,
      name: 'Ana',
      specialties: ['Corte'],
      googleCalendarEmbed: embed,
      commissionPct: '40',
      bookingInterval: '45',
    })
    expect(input).toEqual({
      name: 'Ana',
      role: '',
      specialties: ['Corte'],
      calendarType: 'app',
      workingHours: null,
      bookingInterval: 45,
      googleCalendarEmbed: null,
      photos: [],
      commissionPct: 40,
    })
  })

  it('reads an existing professional back', () => {
    const pro: Professional = {
      id: 'p1',
      name: 'Bruno',
      role: 'Barbeiro',
      specialties: ['Barba'],
      calendarType: 'google',
      workingHours: defaultWorkingHours(),
      bookingInterval: 10,
      googleCalendarEmbed: embed,
      photos: ['/files/a'],
      commissionPct: 35,
      createdAt: '2026-01-01T00:00:00Z',
    }
    const form = professionalToForm(pro, null)
    expect(form).toMatchObject({ useStoreHours: false, bookingInterval: '10', commissionPct: '35', googleCalendarEmbed: embed })
    expect(formToProfessionalInput(form).workingHours).toEqual(defaultWorkingHours())
    // An interval saved elsewhere stays selectable.
    expect(intervalOptions(10)).toEqual([10, 15, 20, 30, 45, 60])
  })
})
