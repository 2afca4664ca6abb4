import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Onboarding as ApiOnboarding } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Onboarding is the first-steps checklist, kept by the server (GET /api/v1/onboarding). */
export type Onboarding = ApiOnboarding

export function getOnboarding() {
  return api.get<Onboarding>('/onboarding')
}

export const onboardingQueryOptions = () => queryOptions({ queryKey: queryKeys.onboarding, queryFn: getOnboarding })

export function useOnboarding() {
  return useQuery(onboardingQueryOptions())
}
