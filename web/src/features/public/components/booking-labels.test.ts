// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { payLaterNote } from './booking-labels'

describe('payLaterNote', () => {
  it('says paying now is optional and lists the ways to pay in person, in words', () => {
    expect(payLaterNote(['pix', 'cash'])).toBe(
      'Pagar agora é opcional: seu horário já está reservado. Se preferir, pague no atendimento, em dinheiro.',
    )
    expect(payLaterNote(['pix', 'cash', 'credit_card', 'debit_card'])).toBe(
      'Pagar agora é opcional: seu horário já está reservado. Se preferir, pague no atendimento, em dinheiro ou cartão.',
    )
    expect(payLaterNote(['pix', 'credit_card', 'cash'])).toMatch(/em cartão de crédito ou dinheiro\.$/)
  })

  it('offers Pix in person when the store takes nothing else', () => {
    expect(payLaterNote(['pix'])).toBe('Pagar agora é opcional: seu horário já está reservado. Se preferir, pague com Pix no atendimento.')
    expect(payLaterNote(['pix', 'other'])).toMatch(/pague com Pix no atendimento\.$/)
  })

  it('says only that it is optional when the methods are not known (the manage link)', () => {
    expect(payLaterNote()).toBe('Pagar agora é opcional: seu horário já está reservado. Se preferir, pague no atendimento.')
  })
})
