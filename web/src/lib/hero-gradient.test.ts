// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  buildGradient,
  DEFAULT_HERO_GRADIENT,
  findPreset,
  GRADIENT_PRESETS,
  normalizeHex,
  parseGradient,
} from './hero-gradient'

describe('buildGradient', () => {
  it("writes the spec's format with lowercase colours", () => {
    expect(buildGradient('#AAAAAA', '#bbbbbb')).toBe('linear-gradient(135deg, #aaaaaa 0%, #bbbbbb 100%)')
    expect(buildGradient('#7c3aed', '#a855f7')).toBe(DEFAULT_HERO_GRADIENT)
  })

  it('expands short colours', () => {
    expect(buildGradient('#abc', '#FFF')).toBe('linear-gradient(135deg, #aabbcc 0%, #ffffff 100%)')
    expect(normalizeHex(' #A1B2C3 ')).toBe('#a1b2c3')
  })
})

describe('parseGradient', () => {
  it('reads back what buildGradient wrote', () => {
    expect(parseGradient(buildGradient('#123456', '#abcdef'))).toEqual({ from: '#123456', to: '#abcdef' })
    expect(parseGradient(DEFAULT_HERO_GRADIENT)).toEqual({ from: '#7c3aed', to: '#a855f7' })
  })

  it('answers null for anything else', () => {
    expect(parseGradient('red')).toBeNull()
    expect(parseGradient('linear-gradient(90deg, #aaaaaa 0%, #bbbbbb 100%)')).toBeNull()
    expect(parseGradient('url(javascript:alert(1))')).toBeNull()
    expect(parseGradient(null)).toBeNull()
  })
})

describe('presets', () => {
  it("starts with the spec's purple and has five or six", () => {
    expect(GRADIENT_PRESETS[0]?.value).toBe(DEFAULT_HERO_GRADIENT)
    expect(GRADIENT_PRESETS.length).toBeGreaterThanOrEqual(5)
    expect(GRADIENT_PRESETS.length).toBeLessThanOrEqual(6)
    expect(new Set(GRADIENT_PRESETS.map((p) => p.value)).size).toBe(GRADIENT_PRESETS.length)
  })

  it('finds a preset by its colours, whatever their case', () => {
    expect(findPreset('linear-gradient(135deg, #7C3AED 0%, #A855F7 100%)')?.name).toBe('Violeta')
    expect(findPreset(buildGradient('#000000', '#ffffff'))).toBeUndefined()
  })
})
