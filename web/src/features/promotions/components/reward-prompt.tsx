import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import type { UndoNotifier } from '@/lib/undo-notifier'
import { firstName } from '@/lib/utils'

import { type ClientReward, clientRewardsQueryOptions } from '../api/get-client-rewards'
import { expiryText } from '../api/labels'
import { useRedeem } from '../api/redeem'

/** The visit just completed, as the agenda tells it. */
export type CompletedVisit = { appointmentId: string; clientPhone: string; clientName: string }

/**
 * RewardPrompt offers, after the owner marks `visit` as completed, each reward the client has
 * earned and not used: 'Cliente ganhou: Escova grátis' with 'Registrar uso' (on that visit,
 * then 'Desfazer' for 8 s) or 'Agora não'. It reads the client's rewards afresh; with nothing
 * to use it shows nothing. `onDone` is called once the visit has nothing more to offer.
 */
export function RewardPrompt({
  visit,
  onDone,
  notify,
}: {
  visit: CompletedVisit | undefined
  /** Stable (a new function reads the visit again). */
  onDone: () => void
  notify?: UndoNotifier
}) {
  const client = useQueryClient()
  const redeem = useRedeem(notify)
  // The rewards still to offer for the visit they were read for.
  const [offer, setOffer] = useState<{ visit: CompletedVisit; rewards: ClientReward[] } | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!visit) return
    let stale = false
    client
      .fetchQuery({ ...clientRewardsQueryOptions(visit.clientPhone), staleTime: 0 })
      .then((rewards) => {
        if (stale) return
        if (rewards.earned.length > 0) setOffer({ visit, rewards: rewards.earned })
        else onDone()
      })
      .catch((error: unknown) => {
        console.error('Erro ao ler os prêmios do cliente', error)
        if (!stale) onDone()
      })
    return () => {
      stale = true
    }
  }, [client, visit, onDone])

  const current = offer && offer.visit === visit ? offer.rewards[0] : undefined
  const next = () => {
    if (offer && offer.rewards.length > 1) {
      setOffer({ visit: offer.visit, rewards: offer.rewards.slice(1) })
      return
    }
    setOffer(null)
    onDone()
  }

  const register = async () => {
    if (!offer || !current) return
    setSaving(true)
    try {
      await redeem({
        promotionId: current.promotionId,
        clientPhone: offer.visit.clientPhone,
        clientName: offer.visit.clientName,
        reward: current.reward,
        appointmentId: offer.visit.appointmentId,
      })
    } finally {
      setSaving(false)
      next()
    }
  }

  const expiry = current ? expiryText(current.card) : ''
  return (
    <ConfirmDialog
      open={current !== undefined}
      onOpenChange={(open) => !open && next()}
      title={current ? `Cliente ganhou: ${current.reward}` : ''}
      description={
        current && offer ? (
          <>
            <p>
              {firstName(offer.visit.clientName)} completou o cartão “{current.promotionName}”.
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
}
