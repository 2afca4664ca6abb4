// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { PHONE_INVALID } from '@/lib/phone'

import type { PublicProfessional, PublicService } from '../api/types'

import {
  choose,
  knownSelection,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  professionalsFor,
  servicesFor,
  timePeriods,
  validateContact,
} from './booking-flow'
import { firstOpenStep, sheetEntry, stepOf, stepSearch, stepsFor } from './booking-steps'

const service = (id: string, professionalIds: string[]): PublicService => ({
  id,
  name: id,
  description: '',
  duration: 30,
  price: null,
  professionalIds,
  includes: [],
})
const pro = (id: string): PublicProfessional => ({
  id,
  name: id,
  role: '',
  specialties: [],
  photos: [],
  calendarType: 'app',
  googleCalendarEmbed: null,
})

describe('stepsFor', () => {
  it('follows the store bookingFlow', () => {
    expect(stepsFor('service-first')).toEqual(['service', 'professional', 'day', 'time', 'details'])
    expect(stepsFor('professional-first')).toEqual(['professional', 'service', 'day', 'time', 'details'])
  })

  it("skips choosing the professional on a professional's own page", () => {
    expect(stepsFor('service-first', true)).toEqual(['service', 'day', 'time', 'details'])
    expect(stepsFor('professional-first', true)).toEqual(['service', 'day', 'time', 'details'])
  })
})

describe('firstOpenStep', () => {
  const steps = stepsFor('service-first')
  it('starts at the first unanswered step', () => {
    expect(firstOpenStep(steps, {})).toBe('service')
    expect(firstOpenStep(steps, { serviceId: 's1' })).toBe('professional')
    expect(firstOpenStep(steps, { professionalId: 'p1' })).toBe('service')
    expect(firstOpenStep(steps, { serviceId: 's1', professionalId: 'any', date: '2026-11-27', time: '10:00' })).toBe(
      'details',
    )
  })
})

describe('choose', () => {
  const steps = stepsFor('service-first')
  const full = { serviceId: 's1', professionalId: 'p1', date: '2026-11-27', time: '10:00' }

  it('keeps the later answers when the same answer is picked again', () => {
    expect(choose(steps, full, 'service', 's1')).toBe(full)
  })

  it('clears every later answer when an answer changes', () => {
    expect(choose(steps, full, 'service', 's2')).toEqual({ serviceId: 's2' })
    expect(choose(steps, full, 'professional', 'any')).toEqual({ serviceId: 's1', professionalId: 'any' })
    expect(choose(steps, full, 'day', '2026-11-28')).toEqual({ serviceId: 's1', professionalId: 'p1', date: '2026-11-28' })
  })

  it('clears the day and time when the professional-first flow changes the service', () => {
    const proFirst = stepsFor('professional-first')
    expect(choose(proFirst, full, 'service', 's2')).toEqual({ serviceId: 's2', professionalId: 'p1' })
  })
})

describe('the address of each step', () => {
  it('writes and reads ?etapa= in Portuguese', () => {
    expect(stepSearch('service')).toBe('?etapa=servico')
    expect(stepSearch('time')).toBe('?etapa=horario')
    expect(stepSearch('confirmed')).toBe('?etapa=confirmado')
    expect(stepOf('?etapa=dia')).toBe('day')
    expect(stepOf('?x=1&etapa=dados')).toBe('details')
    expect(stepOf('?etapa=qualquer')).toBeNull()
    expect(stepOf('')).toBeNull()
  })

  it('reads the flow from a history entry, and nothing from anything else', () => {
    expect(sheetEntry({ booking: { depth: 2, sel: { serviceId: 's1' } } })).toEqual({ depth: 2, sel: { serviceId: 's1' } })
    expect(sheetEntry(null)).toBeNull()
    expect(sheetEntry({ booking: { sel: {} } })).toBeNull()
    expect(sheetEntry({ other: true })).toBeNull()
  })
})

describe('knownSelection', () => {
  const services = [service('corte', ['p1', 'p2']), service('barba', ['p2'])]
  const pros = [pro('p1'), pro('p2')]
  const today = '2026-11-26'

  it('keeps choices that still exist', () => {
    const sel = { serviceId: 'corte', professionalId: 'p1', date: '2026-11-27', time: '10:00' }
    expect(knownSelection(sel, services, pros, today)).toEqual(sel)
    expect(knownSelection({ serviceId: 'barba', professionalId: 'any' }, services, pros, today)).toEqual({
      serviceId: 'barba',
      professionalId: 'any',
    })
  })

  it('drops a removed service or professional, and the day and time that depended on them', () => {
    expect(knownSelection({ serviceId: 'gone', professionalId: 'p1', date: '2026-11-27', time: '10:00' }, services, pros, today)).toEqual({
      professionalId: 'p1',
    })
    expect(knownSelection({ serviceId: 'barba', professionalId: 'p1', date: '2026-11-27' }, services, pros, today)).toEqual({
      serviceId: 'barba',
    })
  })

  it('drops a day already past', () => {
    expect(knownSelection({ serviceId: 'corte', professionalId: 'p1', date: '2026-11-25', time: '10:00' }, services, pros, today)).toEqual({
      serviceId: 'corte',
      professionalId: 'p1',
    })
  })
})

describe('filters', () => {
  const services = [service('corte', ['p1', 'p2']), service('barba', ['p2'])]
  it('lists only the services a professional performs (all for "any")', () => {
    expect(servicesFor(services, 'p1').map((s) => s.id)).toEqual(['corte'])
    expect(servicesFor(services, 'any').map((s) => s.id)).toEqual(['corte', 'barba'])
    expect(servicesFor(services, undefined)).toHaveLength(2)
  })

  it('lists only who performs the chosen service', () => {
    const pros = [pro('p1'), pro('p2'), pro('p3')]
    expect(professionalsFor(pros, services[1]).map((p) => p.id)).toEqual(['p2'])
    expect(professionalsFor(pros, undefined)).toHaveLength(3)
  })
})

describe('timePeriods', () => {
  it('groups times into morning, afternoon and evening, leaving out empty groups', () => {
    expect(timePeriods(['09:00', '11:30', '12:00', '17:59', '18:00'])).toEqual([
      { label: 'Manhã', times: ['09:00', '11:30'] },
      { label: 'Tarde', times: ['12:00', '17:59'] },
      { label: 'Noite', times: ['18:00'] },
    ])
    expect(timePeriods(['14:00']).map((g) => g.label)).toEqual(['Tarde'])
  })
})

describe('validateContact', () => {
  it.each([
    ['a valid mobile', { name: 'Maria', phone: '(11) 98765-4321', notes: '' }, {}],
    ['a valid landline with +55', { name: 'Maria', phone: '+55 11 3456-7890', notes: '' }, {}],
    ['a missing name', { name: ' ', phone: '(11) 98765-4321', notes: '' }, { name: NAME_REQUIRED }],
    ['a missing phone', { name: 'Maria', phone: '', notes: '' }, { phone: PHONE_REQUIRED }],
    ['a short phone', { name: 'Maria', phone: '(11) 9876', notes: '' }, { phone: PHONE_INVALID }],
    ['a mobile without the 9', { name: 'Maria', phone: '(11) 88765-4321', notes: '' }, { phone: PHONE_INVALID }],
    ['a foreign number', { name: 'Maria', phone: '+1 415 555 0100', notes: '' }, { phone: PHONE_INVALID }],
  ])('answers %s', (_, values, want) => {
    expect(validateContact(values)).toEqual(want)
  })

  it('refuses a note over 500 characters', () => {
    expect(validateContact({ name: 'Maria', phone: '11987654321', notes: 'x'.repeat(501) }).notes).toMatch(/500/)
  })
})
