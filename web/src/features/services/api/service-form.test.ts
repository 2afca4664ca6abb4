// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { PRICE_INVALID, PRICE_NEGATIVE } from '@/lib/format'

import { DURATION_INVALID, formToServiceInput, parseDuration, serviceFormSchema, serviceToForm } from './service-form'

const issues = (values: ReturnType<typeof serviceToForm>) => {
  const result = serviceFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('service form', () => {
  const base = { ...serviceToForm(null), name: 'Corte' }

  it('turns the typed price into cents and an empty one into no price', () => {
    expect(formToServiceInput({ ...base, price: '1.234,56', duration: '90' })).toMatchObject({
      price: 123456,
      duration: 90,
    })
    expect(formToServiceInput({ ...base, price: '' }).price).toBeNull()
  })

  it('refuses absurd durations and bad prices', () => {
    expect(issues({ ...base, duration: '0' })).toEqual({ duration: DURATION_INVALID })
    expect(issues({ ...base, duration: '721' })).toEqual({ duration: DURATION_INVALID })
    expect(issues({ ...base, duration: '-30' })).toEqual({ duration: DURATION_INVALID })
    expect(issues({ ...base, price: '-10' })).toEqual({ price: PRICE_NEGATIVE })
    expect(issues({ ...base, price: 'dez reais' })).toEqual({ price: PRICE_INVALID })
    expect(issues(base)).toEqual({})
  })

  it('reads whole minutes only', () => {
    expect(parseDuration('45')).toBe(45)
    expect(parseDuration('4')).toBeNull()
    expect(parseDuration('1,5')).toBeNull()
  })

  it('shows a saved price the way it is typed', () => {
    expect(
      serviceToForm({
        id: 's',
        name: 'Corte',
        description: '',
        duration: 45,
        price: 4590,
        professionalIds: ['p'],
        createdAt: '',
      }),
    ).toEqual({ name: 'Corte', description: '', duration: '45', price: '45,90', professionalIds: ['p'] })
  })
})
