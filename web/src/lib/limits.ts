// Lengths the server enforces (LIMITS: Go's domain.Limits through the OpenAPI document), named
// for every form of the web app.

import { LIMITS } from '@/lib/api-limits'

/** NAME_MAX is the longest name the server accepts: a person's, a store's, a service's. */
export const NAME_MAX = LIMITS.name

/** tooLongMessage is the message for a text over `max` characters. */
export function tooLongMessage(max: number) {
  return `Use no máximo ${max} caracteres`
}

/** TEXT_MAX is the longest short text, such as a professional's role. */
export const TEXT_MAX = LIMITS.text
