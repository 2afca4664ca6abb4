/**
 * newRequestId makes an id for one request that may be sent more than once (a booking retried
 * after a lost answer): a UUID where the browser makes them (crypto.randomUUID needs a secure
 * context), else 32 random hex digits.
 */
export function newRequestId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
