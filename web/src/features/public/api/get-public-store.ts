import { api } from '@/lib/api-client'

import type { PublicStorePage } from './types'

// GET /api/v1/public/stores/{slug} → the store, its bookable services and professionals; 404
// for an unknown slug. The route's loader calls it: the page is read once per visit and
// changes nothing, and a query hook would add TanStack Query's observer to the store page's
// first load, which has a budget (DESIGN.md section 12).
export function getPublicStore(slug: string) {
  return api.get<PublicStorePage>(`/public/stores/${encodeURIComponent(slug)}`, { auth: false })
}
