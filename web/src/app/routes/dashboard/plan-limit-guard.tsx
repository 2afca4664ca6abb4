import { useQuery } from '@tanstack/react-query'
import { CrownIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'

import { paths } from '@/config/paths'
import { usePlan } from '@/features/plans/api/get-plan'
import { planOverviewQueryOptions } from '@/features/plans/api/get-plan-overview'
import { type PlanBlock, planBlock } from '@/features/plans/api/plan-status'
import { showPlanToast } from '@/lib/plan-limit'
import { useCan } from '@/lib/auth/permissions'

const TITLES: Record<PlanBlock['kind'], string> = {
  limit: 'Limite Atingido',
  inactive: 'Assinatura Premium inativa',
  ended: 'Plano Premium encerrado',
}

/** The guarded page while it sends the owner to Planos (SPEC.md section 2). */
function Redirecting({ block }: { block: PlanBlock }) {
  useEffect(() => {
    // One toast, whatever the number of renders, and none when a refused booking just said why.
    showPlanToast(block.message, block.duration, 'warning')
  }, [block.message, block.duration])
  return (
    <section
      role="status"
      className="mx-auto mt-4 flex max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:mt-10 sm:px-10 sm:py-12"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <CrownIcon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-semibold tracking-tight">{TITLES[block.kind]}</h2>
      <p className="mt-2 text-sm text-muted-foreground">Redirecionando para a página de planos...</p>
      <Navigate to={paths.dashboard.plans.path} replace />
    </section>
  )
}

/**
 * PlanLimitGuard wraps every dashboard page but Planos and the admin pages (SPEC.md sections 2,
 * 4 and 8): at the free limit, with a Premium plan that is not active, or with a free plan a
 * subscription left with a reason, the page gives way to Planos with a toast saying why.
 *
 * It decides on the plan's overview (plan and usage), loaded with the dashboard and read again
 * each time the owner opens another page; a billing change (plan.updated) refreshes it at once.
 * A booking of the owner's own does not: whoever makes the last free booking sees it saved, and
 * the next page they open says the limit was reached.
 */
export function PlanLimitGuard() {
  const { pathname } = useLocation()
  // Planos is the owner's: a member works on, and the server refuses a booking past the limit
  // with its own message.
  const ownsPlan = useCan('plan')
  const overview = useQuery({ ...planOverviewQueryOptions(), enabled: ownsPlan })
  const plan = usePlan().data
  const { refetch } = overview
  const lastPath = useRef(pathname)
  useEffect(() => {
    if (lastPath.current === pathname || !ownsPlan) return
    lastPath.current = pathname
    void refetch()
  }, [pathname, refetch, ownsPlan])

  // Without the overview (it failed to load), the plan alone still says whether it is inactive.
  const current = overview.data?.plan ?? plan
  const block = ownsPlan && current ? planBlock(current, overview.data?.usage) : null
  if (block) return <Redirecting block={block} />
  return <Outlet />
}
