// @vitest-environment node
import vectors from '@domain/testdata/phones.json'
import { describe, expect, it } from 'vitest'

import {
  formatPhone,
  isMaskedPhone,
  maskPhoneInput,
  phoneDigits,
  readContactPhone,
  telLink,
  toE164BR,
  typedPhoneDigits,
  whatsappLink,
} from './phone'

// The cases the server's internal/domain is tested against too (phone_vectors_test.go).
describe('Brazilian phones, as the server reads them', () => {
  it.each(vectors.phones)('$name: $input', ({ input, e164, display, whatsapp, tel }) => {
    expect(toE164BR(input)).toBe(e164)
    expect(formatPhone(input)).toBe(display)
    expect(whatsappLink(input)).toBe(whatsapp)
    expect(telLink(input)).toBe(tel)
  })

  it.each(vectors.messages)('wa.me with $name', ({ phone, text, whatsapp }) => {
    expect(whatsappLink(phone, text)).toBe(whatsapp)
  })

  it.each(vectors.contacts)('as another system kept it, $name: $input', ({ input, ddd, e164, problem }) => {
    expect(readContactPhone(input, ddd)).toEqual({ e164, problem })
  })
})

describe('formatPhone', () => {
  it('shows an erased client and an empty value in words', () => {
    expect(formatPhone('anon-abcdefghijkl')).toBe('Telefone removido')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
  })
})

describe('maskPhoneInput', () => {
  it.each([
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1191234', '(11) 9123-4'],
    ['11912345678', '(11) 91234-5678'],
    ['1134567890', '(11) 3456-7890'],
    // Pasted with the country code or a trunk zero: the mask keeps the national number.
    ['+55 11 91234-5678', '(11) 91234-5678'],
    ['5511912345678', '(11) 91234-5678'],
    ['011912345678', '(11) 91234-5678'],
    // Typing past the end does not grow the number.
    ['119123456789', '(11) 91234-5678'],
    ['119123456789999', '(11) 91234-5678'],
    ['(11) 9abc1234-5678', '(11) 91234-5678'],
  ])('masks %j as %j', (input, want) => {
    expect(maskPhoneInput(input)).toBe(want)
  })

  it('lets the field be emptied', () => {
    expect(maskPhoneInput('')).toBe('')
    expect(maskPhoneInput('(')).toBe('')
  })
})

describe('phoneDigits and typedPhoneDigits', () => {
  it('keeps only digits', () => {
    expect(phoneDigits('+55 (11) 98765-4321')).toBe('5511987654321')
  })

  it.each([
    ['+55 (11) 91234-5678', '5511912345678'],
    ['11.9123\t4\u00a05678', '11912345678'],
    ['1234', '1234'],
    ['Ana 1234', null],
    ['11/1234', null],
  ])('reads %j as a phone: %j (as the server does)', (input, want) => {
    expect(typedPhoneDigits(input)).toBe(want)
  })
})

describe('a masked phone', () => {
  it('reads as the digits the server shows, and nothing else reads as one', () => {
    expect(formatPhone('m1194321.c2VsYWRv_-x')).toBe('(11) 9••••-4321')
    expect(formatPhone('m114321.c2VsYWRv')).toBe('(11) ••••-4321')
    expect(isMaskedPhone('m1194321.c2VsYWRv')).toBe(true)
    for (const other of ['+5511912344321', '(11) 91234-4321', 'anon-abcdefghijkl', 'm1194321.', 'm11a4321.x', '']) {
      expect(isMaskedPhone(other)).toBe(false)
    }
  })
})
