import { api } from '@/lib/api-client'

import type { PublicProfessionalPage } from './types'

// GET /api/v1/public/professionals/{id} → the professional, their store and the services they
// perform; 404 for an unknown id. Read by the route's loader, like the store page.
export function getPublicProfessional(id: string) {
  return api.get<PublicProfessionalPage>(`/public/professionals/${encodeURIComponent(id)}`, { auth: false })
}
