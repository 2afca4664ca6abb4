import { API_BASE } from '@/lib/api-client'

// POST /api/v1/analytics/pageview {path, referrer} → 204. Fire and forget: keepalive lets it
// finish when the visitor leaves at once, and a failure never reaches the page.
export function recordPageView(path: string, referrer: string) {
  try {
    void fetch(`${API_BASE}/analytics/pageview`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path, referrer }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined)
  } catch {
    // fetch itself can throw synchronously (a keepalive body over the limit): ignore it too.
  }
}
