import { useQueryClient } from '@tanstack/react-query'
import { type ReactElement, useCallback, useState } from 'react'

import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { firstName } from '@/lib/utils'

import { type ClientReward, clientRewardsQueryOptions } from '../api/get-client-rewards'
import { expiryText } from '../api/labels'
import { type RedeemNotifier, useRedeem } from '../api/redeem'

/** The visit just completed, as the agenda tells it. */
export type CompletedVisit = { appointmentId: string; clientPhone: string; clientName: string }

type Pending = { visit: CompletedVisit; rewards: ClientReward[] }

/**
 * useRewardPrompt answers `offer`, to call when the owner marks a visit as completed, and the
 * `prompt` to render. `offer` reads the client's rewards; for each one earned and not used it
 * asks 'Cliente ganhou: Escova grátis' with 'Registrar uso' (on that visit, then 'Desfazer'
 * for 8 s) or 'Agora não'. A client with nothing to use sees nothing.
 */
export function useRewardPrompt(notify?: RedeemNotifier): { offer: (visit: CompletedVisit) => void; prompt: ReactElement } {
  const client = useQueryClient()
  const redeem = useRedeem(notify)
  const [pending, setPending] = useState<Pending | null>(null)
  const [saving, setSaving] = useState(false)

  const offer = useCallback(
    (visit: CompletedVisit) => {
      void client
        .fetchQuery({ ...clientRewardsQueryOptions(visit.clientPhone), staleTime: 0 })
        .then((rewards) => {
          if (rewards.earned.length > 0) setPending({ visit, rewards: rewards.earned })
        })
        .catch((error: unknown) => console.error('Erro ao ler os prêmios do cliente', error))
    },
    [client],
  )

  const current = pending?.rewards[0]
  const next = () =>
    setPending((p) => (p && p.rewards.length > 1 ? { visit: p.visit, rewards: p.rewards.slice(1) } : null))

  const register = async () => {
    if (!pending || !current) return
    setSaving(true)
    try {
      await redeem({
        promotionId: current.promotionId,
        clientPhone: pending.visit.clientPhone,
        clientName: pending.visit.clientName,
        reward: current.reward,
        appointmentId: pending.visit.appointmentId,
      })
    } finally {
      setSaving(false)
      next()
    }
  }

  const expiry = current ? expiryText(current.card) : ''
  const prompt = (
    <ConfirmDialog
      open={current !== undefined}
      onOpenChange={(open) => !open && next()}
      title={current ? `Cliente ganhou: ${current.reward}` : ''}
      description={
        current && pending ? (
          <>
            <p>
              {firstName(pending.visit.clientName)} completou o cartão “{current.promotionName}”.
              {expiry && ` ${expiry}.`}
            </p>
            <p>Registrar o uso do prêmio neste atendimento?</p>
          </>
        ) : undefined
      }
      confirmLabel="Registrar uso"
      cancelLabel="Agora não"
      destructive={false}
      pending={saving}
      onConfirm={() => void register()}
    />
  )
  return { offer, prompt }
}
