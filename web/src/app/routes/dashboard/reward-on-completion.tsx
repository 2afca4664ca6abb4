import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react'

import { AppointmentCompletedContext, type CompletedVisit } from '@/features/appointments/hooks/use-completion'

// Loaded with the first visit completed: the dashboard's first screen does not wait for it.
const RewardPrompt = lazy(() =>
  import('@/features/promotions/components/reward-prompt').then((m) => ({ default: m.RewardPrompt })),
)

/**
 * RewardOnCompletion joins the agenda to the loyalty cards: when the owner marks a visit as
 * completed anywhere in the dashboard, a reward the client has earned is offered on that visit
 * ('Cliente ganhou: Escova grátis — Registrar uso / Agora não'), one visit after another.
 */
export function RewardOnCompletion({ children }: { children: ReactNode }) {
  const [visits, setVisits] = useState<CompletedVisit[]>([])
  const [used, setUsed] = useState(false)
  const offer = useCallback((visit: CompletedVisit) => {
    setUsed(true)
    setVisits((queue) => [...queue, visit])
  }, [])
  const done = useCallback(() => setVisits((queue) => queue.slice(1)), [])
  return (
    <AppointmentCompletedContext value={offer}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <RewardPrompt visit={visits[0]} onDone={done} />
        </Suspense>
      )}
    </AppointmentCompletedContext>
  )
}
