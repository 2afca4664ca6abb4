import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { ClientConsent, ConsentInput } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { clientPathId } from './get-client'

const consentKey = (phone: string) => [...queryKeys.clients, 'consent', clientPathId(phone)] as const

// GET /api/v1/clients/{phone}/consent → the client's choice about news on WhatsApp, with its proof.
export const clientConsentQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: consentKey(phone),
    queryFn: () => api.get<ClientConsent>(`/clients/${encodeURIComponent(clientPathId(phone))}/consent`),
  })

export function useClientConsent(phone: string) {
  return useQuery(clientConsentQueryOptions(phone))
}

// POST /api/v1/clients/{phone}/consent {granted, source} → the consent, recorded in person or
// from WhatsApp ('SAIR').
export function useRecordConsent(phone: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: ConsentInput) =>
      api.post<ClientConsent>(`/clients/${encodeURIComponent(clientPathId(phone))}/consent`, input),
    onSuccess: (consent) => {
      client.setQueryData(consentKey(phone), consent)
      void client.invalidateQueries({ queryKey: ['whatsapp'] })
    },
  })
}
