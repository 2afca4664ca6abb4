import { PlansPage } from '@/features/plans/components/plans-page'

export function PlansRoute() {
  return <PlansPage />
}
