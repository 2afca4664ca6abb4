import { useLoaderData, useRevalidator } from 'react-router'

import { ProfessionalPage } from '@/features/public/components/professional-page'

import type { professionalLoader } from './loaders'

/** /profissional/:professionalId: a professional's public panel. */
export function ProfessionalRoute() {
  const loaded = useLoaderData<typeof professionalLoader>()
  const revalidator = useRevalidator()
  return <ProfessionalPage loaded={loaded} onRetry={() => void revalidator.revalidate()} />
}
