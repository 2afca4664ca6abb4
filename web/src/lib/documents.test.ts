// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { isValidCNPJ, isValidCPF, pixKeyError } from './documents'

describe('CPF and CNPJ', () => {
  it('accept valid numbers, formatted or not', () => {
    expect(isValidCPF('529.982.247-25')).toBe(true)
    expect(isValidCPF('52998224725')).toBe(true)
    expect(isValidCNPJ('11.222.333/0001-81')).toBe(true)
  })

  it('refuse a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCPF('529.982.247-26')).toBe(false)
    expect(isValidCPF('5299822472')).toBe(false)
    expect(isValidCPF('111.111.111-11')).toBe(false)
    expect(isValidCNPJ('11.222.333/0001-82')).toBe(false)
  })
})

describe('pixKeyError', () => {
  it.each([
    ['cpf', '529.982.247-25'],
    ['cnpj', '11222333000181'],
    ['email', 'pix@salao.com.br'],
    ['phone', '(11) 91234-5678'],
    ['phone', '+55 11 91234-5678'],
    ['random', '123e4567-e89b-12d3-a456-426614174000'],
  ])('accepts a %s key %j', (type, key) => {
    expect(pixKeyError(type, key)).toBeNull()
  })

  it.each([
    ['cpf', '123', 'Informe um CPF válido'],
    ['email', 'pix@', 'Informe um email válido'],
    ['phone', '1234', 'Informe um telefone válido com DDD'],
    ['random', 'abc', /chave aleatória completa/],
    ['', 'x', 'Escolha o tipo de chave'],
  ])('refuses a %s key %j', (type, key, message) => {
    expect(pixKeyError(type, key)).toMatch(message)
  })
})
