// Brazilian document and key checks for the Pix settings.

import { phoneDigits, toE164BR } from './phone'

function checkDigit(digits: number[], weights: number[]) {
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** isValidCPF checks the 11 digits and both check digits ("123.456.789-09" is accepted). */
export function isValidCPF(value: string) {
  const d = phoneDigits(value).split('').map(Number)
  if (d.length !== 11 || d.every((n) => n === d[0])) return false
  const first = checkDigit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  return d[9] === first && d[10] === second
}

/** isValidCNPJ checks the 14 digits and both check digits ("12.345.678/0001-95" is accepted). */
export function isValidCNPJ(value: string) {
  const d = phoneDigits(value).split('').map(Number)
  if (d.length !== 14 || d.every((n) => n === d[0])) return false
  const first = checkDigit(d.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  return d[12] === first && d[13] === second
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** pixKeyError says why a Pix key does not fit its type (null when it does). */
export function pixKeyError(type: string, key: string): string | null {
  const k = key.trim()
  switch (type) {
    case 'cpf':
      return isValidCPF(k) ? null : 'Informe um CPF válido'
    case 'cnpj':
      return isValidCNPJ(k) ? null : 'Informe um CNPJ válido'
    case 'email':
      return EMAIL.test(k) ? null : 'Informe um email válido'
    case 'phone':
      return toE164BR(k) ? null : 'Informe um telefone válido com DDD'
    case 'random':
      return RANDOM_KEY.test(k) ? null : 'Informe a chave aleatória completa, como 123e4567-e89b-12d3-a456-426614174000'
    default:
      return 'Escolha o tipo de chave'
  }
}
