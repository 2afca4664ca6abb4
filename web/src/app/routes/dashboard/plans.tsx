import { PlansPage } from '@/features/plans/components/plans-page'
import { TurnedAwayNotice } from '@/features/turned-away/components/turned-away-notice'

export function PlansRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <TurnedAwayNotice />
      <PlansPage />
    </div>
  )
}
