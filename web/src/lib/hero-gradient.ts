// The hero gradient of a store's public page: a few presets and a custom pair of colours,
// always written as `linear-gradient(135deg, #aaaaaa 0%, #bbbbbb 100%)`.

export const DEFAULT_HERO_GRADIENT = 'linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)'

/** buildGradient writes the CSS gradient for two #rrggbb colours. */
export function buildGradient(from: string, to: string) {
  return `linear-gradient(135deg, ${normalizeHex(from)} 0%, ${normalizeHex(to)} 100%)`
}

const GRADIENT = /^linear-gradient\(\s*135deg\s*,\s*(#[0-9a-f]{3}|#[0-9a-f]{6})\s+0%\s*,\s*(#[0-9a-f]{3}|#[0-9a-f]{6})\s+100%\s*\)$/i

/** parseGradient reads the two colours back from a gradient this app wrote (null otherwise). */
export function parseGradient(gradient: string | null | undefined): { from: string; to: string } | null {
  const match = GRADIENT.exec((gradient ?? '').trim())
  if (!match?.[1] || !match[2]) return null
  return { from: normalizeHex(match[1]), to: normalizeHex(match[2]) }
}

/** normalizeHex lowercases a colour and expands #abc to #aabbcc (what <input type="color"> needs). */
export function normalizeHex(color: string) {
  const c = color.trim().toLowerCase()
  if (/^#[0-9a-f]{3}$/.test(c)) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`
  return c
}

export type GradientPreset = { name: string; from: string; to: string; value: string }

const preset = (name: string, from: string, to: string): GradientPreset => ({
  name,
  from,
  to,
  value: buildGradient(from, to),
})

/** The presets, the spec's purple first. White text stays readable on every one. */
export const GRADIENT_PRESETS: readonly GradientPreset[] = [
  preset('Violeta', '#7c3aed', '#a855f7'),
  preset('Rosa', '#be185d', '#ec4899'),
  preset('Pôr do sol', '#c2410c', '#f59e0b'),
  preset('Oceano', '#1e40af', '#0891b2'),
  preset('Esmeralda', '#065f46', '#10b981'),
  preset('Grafite', '#111827', '#4b5563'),
]

/** findPreset answers the preset a gradient is (compared by colours), if any. */
export function findPreset(gradient: string | null | undefined) {
  const colors = parseGradient(gradient)
  if (!colors) return undefined
  return GRADIENT_PRESETS.find((p) => p.from === colors.from && p.to === colors.to)
}
