import { useLoaderData, useRevalidator } from 'react-router'

import { StorePage } from '@/features/public/components/store-page'

import type { storeLoader } from './loaders'

/** /store/:storeSlug: the store's public page and its booking flow. */
export function StoreRoute() {
  const loaded = useLoaderData<typeof storeLoader>()
  const revalidator = useRevalidator()
  return <StorePage loaded={loaded} onRetry={() => void revalidator.revalidate()} />
}
