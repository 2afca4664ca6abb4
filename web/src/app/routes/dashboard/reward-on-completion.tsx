import type { ReactNode } from 'react'

import { AppointmentCompletedContext } from '@/features/appointments/hooks/use-completion'
import { useRewardPrompt } from '@/features/promotions/components/reward-prompt'

/**
 * RewardOnCompletion joins the agenda to the loyalty cards: when the owner marks a visit as
 * completed anywhere in the dashboard, a reward the client has earned is offered on that visit
 * ('Cliente ganhou: Escova grátis — Registrar uso / Agora não').
 */
export function RewardOnCompletion({ children }: { children: ReactNode }) {
  const { offer, prompt } = useRewardPrompt()
  return (
    <AppointmentCompletedContext value={offer}>
      {children}
      {prompt}
    </AppointmentCompletedContext>
  )
}
