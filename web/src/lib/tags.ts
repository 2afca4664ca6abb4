// Short texts kept as a list (a professional's specialties).

/**
 * addTags adds what was typed (split at commas) to the list: trimmed, without blanks or
 * repeats (ignoring case and accents), cut to `maxLength`, up to `maxTags`. It also answers the
 * entries left out because they were already there.
 */
export function addTags(tags: readonly string[], text: string, { maxTags = 15, maxLength = 40 } = {}) {
  const next = [...tags]
  const repeated: string[] = []
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ').slice(0, maxLength).trim()
    if (!tag) continue
    if (next.some((t) => sameTag(t, tag))) {
      repeated.push(tag)
      continue
    }
    if (next.length >= maxTags) break
    next.push(tag)
  }
  return { tags: next, repeated }
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR')

function sameTag(a: string, b: string) {
  return fold(a) === fold(b)
}
