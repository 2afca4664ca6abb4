import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import type * as Api from '@/lib/api-schema'
import { api, isApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { UNDO_MS, type UndoNotifier, undoNotifier } from '@/lib/undo-notifier'

import type { Redemption } from './get-client-rewards'

// A reward marked as used, with SPEC.md section 4's undo: 'Prêmio registrado' with 'Desfazer'
// for 8 s; undoing deletes the redemption (the client has the reward again) and says so for 3 s.

export const UNDONE_MS = 3000

export type RedemptionInput = Api.RedemptionInput

// POST /api/v1/promotions/{id}/redemptions {clientPhone, appointmentId?} → 201 Redemption;
// 409 when the client has not earned the reward (any more).
export function redeem(promotionId: string, input: RedemptionInput) {
  return api.post<Redemption>(`/promotions/${encodeURIComponent(promotionId)}/redemptions`, input)
}

// DELETE /api/v1/redemptions/{id} → 204
export function unredeem(id: string) {
  return api.delete<void>(`/redemptions/${encodeURIComponent(id)}`)
}

function messageOf(error: unknown, fallback: string) {
  return isApiError(error) && error.status !== 0 && error.status < 500 ? error.message : fallback
}

/** A card and a reward change the promotion's lists and the client's page. */
function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.promotions })
  void client.invalidateQueries({ queryKey: queryKeys.clients })
}

export type RedeemRequest = {
  promotionId: string
  clientPhone: string
  clientName: string
  reward: string
  appointmentId?: string
}

/**
 * redeemWithUndo marks a client's reward as used and offers 'Desfazer' for 8 s. It answers
 * whether the reward was registered.
 */
export async function redeemWithUndo(
  client: QueryClient,
  r: RedeemRequest,
  notify: UndoNotifier = undoNotifier,
): Promise<boolean> {
  let saved: Redemption
  try {
    saved = await redeem(r.promotionId, {
      clientPhone: r.clientPhone,
      ...(r.appointmentId ? { appointmentId: r.appointmentId } : {}),
    })
  } catch (error) {
    console.error('Erro ao registrar prêmio', error)
    notify.error(messageOf(error, 'Não foi possível registrar o prêmio. Tente novamente.'))
    return false
  } finally {
    refresh(client)
  }

  let undoing = false
  const undo = async () => {
    if (undoing) return
    undoing = true
    try {
      await unredeem(saved.id)
      notify.success('Uso do prêmio desfeito', { duration: UNDONE_MS })
    } catch (error) {
      console.error('Erro ao desfazer prêmio', error)
      notify.error(messageOf(error, 'Não foi possível desfazer. Tente novamente.'))
    } finally {
      refresh(client)
    }
  }

  notify.undo('Prêmio registrado', {
    description: `${r.reward} · ${r.clientName}`,
    duration: UNDO_MS,
    onUndo: () => void undo(),
  })
  return true
}

/** useRedeem answers the function that marks a reward as used, with undo. */
export function useRedeem(notify?: UndoNotifier) {
  const client = useQueryClient()
  return useCallback((r: RedeemRequest) => redeemWithUndo(client, r, notify), [client, notify])
}
