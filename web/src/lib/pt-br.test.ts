// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { withPreposition } from './pt-br'

describe('withPreposition', () => {
  it.each([
    ['em', 'Barbearia X', 'na Barbearia X'],
    ['em', 'Salão Bela Vida', 'no Salão Bela Vida'],
    ['de', 'Studio Carla', 'do Studio Carla'],
    ['de', 'Clínica Sorriso', 'da Clínica Sorriso'],
    ['em', 'Top Cuts', 'em Top Cuts'],
    ['de', '  Espaço Zen ', 'do Espaço Zen'],
  ] as const)('%s + %j → %j', (preposition, name, want) => {
    expect(withPreposition(preposition, name)).toBe(want)
  })
})
