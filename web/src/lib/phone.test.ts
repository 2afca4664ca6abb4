import { describe, expect, it } from 'vitest'

import { maskPhoneInput, toE164BR, whatsappLink } from './phone'

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
    ['(11) 9abc1234-5678', '(11) 91234-5678'],
  ])('masks %j as %j', (input, want) => {
    expect(maskPhoneInput(input)).toBe(want)
  })

  it('lets the field be emptied', () => {
    expect(maskPhoneInput('')).toBe('')
    expect(maskPhoneInput('(')).toBe('')
  })
})

describe('toE164BR', () => {
  it.each([
    ['(11) 91234-5678', '+5511912345678'],
    ['11912345678', '+5511912345678'],
    ['+55 11 91234-5678', '+5511912345678'],
    ['(21) 3456-7890', '+552134567890'],
  ])('reads %j as %j', (input, want) => {
    expect(toE164BR(input)).toBe(want)
  })

  it.each([
    ['', 'empty'],
    ['(11) 1234-567', 'too short'],
    ['(11) 81234-5678', 'a mobile without the 9'],
    ['(01) 91234-5678', 'a DDD below 11'],
    ['(11) 9123-4567', 'a landline starting with 9'],
    ['+1 415 555 0100', 'a number from abroad'],
    ['11 91234-5678 ramal 2', 'letters'],
  ])('refuses %j (%s)', (input) => {
    expect(toE164BR(input)).toBeNull()
  })
})

describe('whatsappLink', () => {
  it('opens a chat with 55 + DDD + number and the text encoded', () => {
    expect(whatsappLink('+5511912345678', 'Olá, Maria! Até já.')).toBe(
      'https://wa.me/5511912345678?text=Ol%C3%A1%2C%20Maria!%20At%C3%A9%20j%C3%A1.',
    )
    expect(whatsappLink('(21) 98765-4321')).toBe('https://wa.me/5521987654321')
  })
})
