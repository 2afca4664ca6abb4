// The public pages' loaders, in their own small chunk: the router fetches the page's data
// while the page's code is still downloading (routes.tsx loads the two in parallel). They
// call the fetchers directly: importing the query client here splits TanStack Query's core
// out of the entry chunk and costs the store page about 1 KB.

import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'

import { getPublicProfessional } from '@/features/public/api/get-public-professional'
import { getPublicStore } from '@/features/public/api/get-public-store'
import { settle } from '@/features/public/api/loaded'

export function storeLoader({ params }: LoaderFunctionArgs) {
  return settle(getPublicStore(params.storeSlug ?? ''))
}

export function professionalLoader({ params }: LoaderFunctionArgs) {
  return settle(getPublicProfessional(params.professionalId ?? ''))
}

/**
 * stepsKeepData: the booking flow's steps change only the search (?etapa=…); the page's data
 * stays as it is instead of being fetched again on every step and every Back.
 */
export function stepsKeepData({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false
  return defaultShouldRevalidate
}
