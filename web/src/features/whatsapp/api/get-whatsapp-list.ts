import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

/** WhatsAppContact is one client of a list, with the message ready and its wa.me link. */
export type WhatsAppContact = Api.WhatsAppContact

/** WhatsAppList is a list's clients and how many it leaves out (contacted in the last 7 days). */
export type WhatsAppList = Api.WhatsAppList

/** WhatsAppListQuery names a list: no visit for 30, 45, 60 or 90 days, a reward to use, a level. */
export type WhatsAppListQuery = Api.operations['getWhatsappLists']['parameters']['query']

export type InactiveDays = 30 | 45 | 60 | 90

/**
 * INACTIVE_DAYS are the 'Sem visita há' choices, the same on Clientes' sheet and on Relatórios'
 * 'Clientes para reativar' (the server also accepts 45, for older links).
 */
export const INACTIVE_DAYS: readonly InactiveDays[] = [30, 60, 90]

/** The lists' query keys: marking a client contacted edits every list under the root. */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  lists: ['whatsapp', 'list'] as const,
  list: (q: WhatsAppListQuery) => ['whatsapp', 'list', q] as const,
}

// GET /api/v1/whatsapp/lists?kind=inactive&days=30|45|60|90 | kind=reward | kind=level&level=NAME
export async function getWhatsAppList(q: WhatsAppListQuery): Promise<WhatsAppList> {
  const params = new URLSearchParams({ kind: q.kind })
  if (q.kind === 'inactive' && q.days) params.set('days', String(q.days))
  if (q.kind === 'level' && q.level) params.set('level', q.level)
  const list = await api.get<WhatsAppList | null>(`/whatsapp/lists?${params.toString()}`)
  return { items: list?.items ?? [], hidden: list?.hidden ?? 0, withoutConsent: list?.withoutConsent ?? 0 }
}

// Fresh on every opening: visits, rewards and contacts change while the sheet is closed.
export const whatsappListQueryOptions = (q: WhatsAppListQuery) =>
  queryOptions({ queryKey: whatsappKeys.list(q), queryFn: () => getWhatsAppList(q), staleTime: 0 })

export function useWhatsAppList(q: WhatsAppListQuery, enabled = true) {
  return useQuery({ ...whatsappListQueryOptions(q), enabled })
}
