// Portuguese grammar for names typed by owners.

// First words of business names that take a masculine article ("no Salão Bela Vida").
const MASCULINE = new Set([
  'salão',
  'salao',
  'studio',
  'estúdio',
  'estudio',
  'espaço',
  'espaco',
  'instituto',
  'centro',
  'ateliê',
  'atelie',
  'atelier',
  'spa',
  'clube',
  'club',
  'empório',
  'emporio',
  'barbeiro',
  'cabeleireiro',
  'consultório',
  'consultorio',
  'lounge',
  'bar',
])

/**
 * withPreposition joins "em" or "de" to a business name with the article Portuguese asks for:
 * "na Barbearia X", "no Salão Bela Vida", "da Clínica Sorriso", and, when the name gives no
 * clue ("Top Cuts"), the plain "em Top Cuts" / "de Top Cuts".
 */
export function withPreposition(preposition: 'em' | 'de', name: string) {
  const clean = name.trim()
  const first = clean.split(/\s+/)[0]?.toLocaleLowerCase('pt-BR') ?? ''
  const gender = MASCULINE.has(first) ? 'm' : first.endsWith('a') ? 'f' : ''
  const word =
    gender === 'm' ? (preposition === 'em' ? 'no' : 'do') : gender === 'f' ? (preposition === 'em' ? 'na' : 'da') : preposition
  return `${word} ${clean}`
}
