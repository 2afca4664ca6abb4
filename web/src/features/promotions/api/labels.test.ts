// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  congratsMessage,
  expiryText,
  missingText,
  periodText,
  progressPercent,
  progressText,
  ruleText,
  standingText,
  validityOption,
  validityText,
} from './labels'

const count = { type: 'count', targetCount: 10, targetValue: 0, reward: 'Escova grátis' } as const
const value = { type: 'value', targetCount: 0, targetValue: 50000, reward: 'Hidratação' } as const

describe('promotion labels', () => {
  it('reads the rule of a card by visits, with or without its service, and by value', () => {
    expect(ruleText(count, 'Corte feminino')).toBe('10 visitas de Corte feminino = Escova grátis')
    expect(ruleText(count)).toBe('10 visitas = Escova grátis')
    expect(ruleText({ ...count, targetCount: 1 })).toBe('1 visita = Escova grátis')
    expect(ruleText(value)).toBe('R$\u00a0500,00 em serviços = Hidratação')
  })

  it("names the service once when the reward is that service (issue 23)", () => {
    const corte = { ...count, targetCount: 5, reward: 'Corte feminino com lavagem grátis' }
    expect(ruleText(corte, 'Corte feminino com lavagem')).toBe('5 visitas de Corte feminino com lavagem = 1 grátis')
    expect(ruleText({ ...corte, reward: 'corte feminino com lavagem' }, 'Corte feminino com lavagem')).toBe(
      '5 visitas de Corte feminino com lavagem = 1 grátis',
    )
    expect(ruleText({ ...corte, reward: 'Escova progressiva com 50% de desconto' }, 'Escova progressiva')).toBe(
      '5 visitas de Escova progressiva = 1 com 50% de desconto',
    )
    // Another service as the reward, or a card of any service: as the owner wrote it.
    expect(ruleText({ ...corte, reward: 'Hidratação grátis' }, 'Corte feminino com lavagem')).toBe(
      '5 visitas de Corte feminino com lavagem = Hidratação grátis',
    )
    expect(ruleText(corte)).toBe('5 visitas = Corte feminino com lavagem grátis')
  })

  it("says 'Completo' for a full card, never more visits than it asks", () => {
    const five = { ...count, targetCount: 5 }
    expect(progressText(five, { appointments: 6, value: 0 })).toBe('Completo')
    expect(progressText(five, { appointments: 5, value: 0 })).toBe('Completo')
    expect(progressText(five, { appointments: 2, value: 0, earned: true })).toBe('Completo')
    expect(progressText(five, { appointments: 4, value: 0 })).toBe('4 de 5 visitas')
    expect(progressText(value, { appointments: 0, value: 60000 })).toBe('Completo')
  })

  it('says how a card stands, in the right number', () => {
    expect(standingText(12, 8)).toBe('12 clientes ganharam · 8 a uma visita')
    expect(standingText(1, 1)).toBe('1 cliente ganhou · 1 a uma visita')
    expect(standingText(1, 0)).toBe('1 cliente ganhou')
    expect(standingText(0, 3)).toBe('Ninguém ganhou ainda · 3 a uma visita')
    expect(standingText(0, 0)).toBe('Ninguém ganhou ainda')
    expect(standingText(1200, 0)).toBe('1.200 clientes ganharam')
  })

  it("reads a client's progress and what they still need", () => {
    expect(progressText(count, { appointments: 8, value: 40000 })).toBe('8 de 10 visitas')
    expect(progressText(value, { appointments: 3, value: 42000 })).toBe('R$\u00a0420,00 de R$\u00a0500,00')
    expect(progressPercent(count, { appointments: 8, value: 0, earned: false })).toBe(80)
    expect(progressPercent(value, { appointments: 9, value: 90000, earned: true })).toBe(100)
    expect(missingText({ missingVisits: 1, missingValue: 0 })).toBe('Falta 1 visita')
    expect(missingText({ missingVisits: 3, missingValue: 0 })).toBe('Faltam 3 visitas')
    expect(missingText({ missingVisits: 0, missingValue: 8000 })).toBe('Faltam R$\u00a080,00')
  })

  it('reads the period and how long a reward lasts', () => {
    expect(periodText({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('De 01/03/2026 a 31/03/2026')
    expect(periodText({ startDate: '2026-03-01', endDate: null })).toBe('A partir de 01/03/2026')
    expect(periodText({ startDate: null, endDate: '2026-03-31' })).toBe('Até 31/03/2026')
    expect(periodText({ startDate: null, endDate: null })).toBeNull()
    expect(validityText(0)).toBe('O prêmio vale até ser usado')
    expect(validityText(30)).toBe('O prêmio vale 30 dias depois de ganho')
    expect(validityText(1)).toBe('O prêmio vale 1 dia depois de ganho')
    expect(validityOption(0)).toBe('Até ser usado')
    expect(validityOption(90)).toBe('90 dias')
    expect(expiryText({ expiresOn: '2026-04-30' })).toBe('Vale até 30/04/2026')
    expect(expiryText({ expiresOn: '' })).toBe('')
  })

  it('congratulates by first name, naming the reward and the store with its article', () => {
    expect(congratsMessage('Maria Aparecida dos Santos', 'Escova grátis', 'Studio Bela')).toBe(
      'Olá, Maria! Você ganhou Escova grátis no Studio Bela 🎉 Venha aproveitar!',
    )
    expect(congratsMessage('Ana', 'Hidratação', 'Barbearia Central', '2026-04-30')).toBe(
      'Olá, Ana! Você ganhou Hidratação na Barbearia Central 🎉 Vale até 30/04/2026. Venha aproveitar!',
    )
    expect(congratsMessage('João', 'Corte grátis')).toBe('Olá, João! Você ganhou Corte grátis 🎉 Venha aproveitar!')
  })
})
