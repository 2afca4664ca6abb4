// The public pages' loaders, in their own small chunk: the router fetches the page's data
// while the page's code is still downloading (routes.tsx loads the two in parallel). They
// call the fetchers directly: importing the query client here splits TanStack Query's core
// out of the entry chunk and costs the store page about 1 KB.

import type { LoaderFunctionArgs } from 'react-router'

import { getPublicProfessional } from '@/features/public/api/get-public-professional'
import { getPublicStore } from '@/features/public/api/get-public-store'
import { settle } from '@/features/public/api/loaded'

export function storeLoader({ params }: LoaderFunctionArgs) {
  return settle(getPublicStore(params.storeSlug ?? ''))
}

export function professionalLoader({ params }: LoaderFunctionArgs) {
  return settle(getPublicProfessional(params.professionalId ?? ''))
}
