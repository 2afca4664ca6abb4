// @vitest-environment node
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { queryKeys } from '@/lib/query-keys'
import { type UndoNotifier, UNDO_MS } from '@/lib/undo-notifier'
import { apiError, json, mockApi } from '@/test/api-mock'

import { redeemWithUndo, UNDONE_MS } from './redeem'

const redemption = {
  id: 'r1',
  promotionId: 'pr1',
  promotionName: 'Cartão fidelidade',
  clientPhone: '+5511912345678',
  appointmentId: 'a1',
  reward: 'Escova grátis',
  createdAt: '2026-03-14T17:00:00Z',
}

const request = {
  promotionId: 'pr1',
  clientPhone: '+5511912345678',
  clientName: 'Maria Souza',
  reward: 'Escova grátis',
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  // Something under each key the flow must refresh.
  client.setQueryData([...queryKeys.promotions, 'list'], [])
  client.setQueryData([...queryKeys.clients, 'rewards', '5511912345678'], { earned: [], cards: [], redemptions: [] })
  const calls: string[] = []
  let onUndo: (() => void) | null = null
  const notify: UndoNotifier = {
    undo: (message, options) => {
      calls.push(`undo:${message}:${options.description}:${options.duration}`)
      onUndo = options.onUndo
    },
    success: (message, options) => calls.push(`success:${message}:${options.duration}`),
    error: (message) => calls.push(`error:${message}`),
  }
  const stale = () =>
    [queryKeys.promotions, queryKeys.clients].filter((key) =>
      client.getQueryCache().findAll({ queryKey: key }).every((q) => q.state.isInvalidated),
    ).length
  return { client, notify, calls, stale, undo: () => onUndo?.() }
}

describe('a reward marked as used, with undo', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('registers the reward on the visit, offers Desfazer for 8 s, and undoing deletes the redemption', async () => {
    const api = mockApi({
      'POST /api/v1/promotions/pr1/redemptions': json(201, redemption),
      'DELETE /api/v1/redemptions/r1': json(204),
    })
    const t = setup()
    expect(await redeemWithUndo(t.client, { ...request, appointmentId: 'a1' }, t.notify)).toBe(true)
    expect(api.callsTo('POST /api/v1/promotions/pr1/redemptions')[0]?.body).toEqual({
      clientPhone: '+5511912345678',
      appointmentId: 'a1',
    })
    expect(t.calls).toEqual([`undo:Prêmio registrado:Escova grátis · Maria Souza:${UNDO_MS}`])
    expect(t.stale()).toBe(2)

    t.undo()
    t.undo() // a second tap does nothing more
    await vi.waitFor(() => expect(t.calls).toHaveLength(2))
    expect(t.calls[1]).toBe(`success:Uso do prêmio desfeito:${UNDONE_MS}`)
    expect(api.callsTo('DELETE /api/v1/redemptions/r1')).toHaveLength(1)
  })

  it('sends no appointment when the reward is used outside a visit', async () => {
    const api = mockApi({ 'POST /api/v1/promotions/pr1/redemptions': json(201, { ...redemption, appointmentId: null }) })
    const t = setup()
    await redeemWithUndo(t.client, request, t.notify)
    expect(api.callsTo('POST /api/v1/promotions/pr1/redemptions')[0]?.body).toEqual({ clientPhone: '+5511912345678' })
  })

  it("says the server's reason when the client has not earned the reward (409), and refreshes the lists", async () => {
    mockApi({
      'POST /api/v1/promotions/pr1/redemptions': apiError(
        409,
        'conflict',
        'Este cliente ainda não ganhou o prêmio desta promoção',
      ),
    })
    const t = setup()
    expect(await redeemWithUndo(t.client, request, t.notify)).toBe(false)
    expect(t.calls).toEqual(['error:Este cliente ainda não ganhou o prêmio desta promoção'])
    expect(t.stale()).toBe(2)
  })

  it('keeps the reward used when the undo fails, and says so', async () => {
    mockApi({
      'POST /api/v1/promotions/pr1/redemptions': json(201, redemption),
      'DELETE /api/v1/redemptions/r1': apiError(500, 'internal', 'Erro interno'),
    })
    const t = setup()
    await redeemWithUndo(t.client, request, t.notify)
    t.undo()
    await vi.waitFor(() => expect(t.calls).toHaveLength(2))
    expect(t.calls[1]).toBe('error:Não foi possível desfazer. Tente novamente.')
  })
})
