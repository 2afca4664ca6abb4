// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { PRICE_INVALID, PRICE_NEGATIVE } from '@/lib/format'

import {
  BUFFER_INVALID,
  DURATION_INVALID,
  formToServiceInput,
  parseDuration,
  PAUSE_INSIDE_INVALID,
  PAUSE_MIN_INVALID,
  serviceFormSchema,
  serviceToForm,
} from './service-form'

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
        bufferBefore: 0,
        bufferAfter: 10,
        processingStart: 0,
        processingMin: 0,
        includes: [],
      }),
    ).toEqual({
      name: 'Corte',
      description: '',
      duration: '45',
      price: '45,90',
      professionalIds: ['p'],
      bufferBefore: '',
      bufferAfter: '10',
      processingStart: '',
      processingMin: '',
      includes: [],
    })
  })

  it('sends blank times as none, and a pause as typed', () => {
    expect(formToServiceInput(base)).toMatchObject({ bufferBefore: 0, bufferAfter: 0, processingStart: 0, processingMin: 0 })
    const colour = { ...base, duration: '90', processingStart: '30', processingMin: '40', bufferAfter: '10' }
    expect(issues(colour)).toEqual({})
    expect(formToServiceInput(colour)).toMatchObject({ bufferAfter: 10, processingStart: 30, processingMin: 40 })
  })

  it('refuses buffers out of bounds and a pause outside the service', () => {
    expect(issues({ ...base, bufferBefore: '121' })).toEqual({ bufferBefore: BUFFER_INVALID })
    expect(issues({ ...base, bufferAfter: '-5' })).toEqual({ bufferAfter: BUFFER_INVALID })
    expect(issues({ ...base, duration: '90', processingStart: '30', processingMin: '60' })).toEqual({
      processingStart: PAUSE_INSIDE_INVALID,
    })
    expect(issues({ ...base, duration: '90', processingStart: '', processingMin: '20' })).toEqual({
      processingStart: PAUSE_INSIDE_INVALID,
    })
    expect(issues({ ...base, duration: '90', processingStart: '20', processingMin: '' })).toEqual({
      processingMin: PAUSE_MIN_INVALID,
    })
  })
})
