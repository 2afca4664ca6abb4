import { LoadError } from '@/components/layout/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { usePlanConfig } from '../api/get-plan-config'

import { AuditLog } from './audit-log'
import { PlanConfigForm } from './plan-config-form'

/** AdminPlansPage is Admin Planos: the plans' configuration, then the latest changes to it. */
export function AdminPlansPage() {
  const { data, isPending, isError, refetch } = usePlanConfig()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      {isPending ? (
        <div className="grid grid-cols-1 gap-5" aria-busy="true">
          <Skeleton className="h-44" />
          <Skeleton className="h-72" />
        </div>
      ) : isError ? (
        <LoadError what="a configuração dos planos" onRetry={() => void refetch()} />
      ) : (
        <PlanConfigForm config={data} />
      )}
      <AuditLog data="plan_config" description="As 10 ações mais recentes sobre a configuração dos planos." />
    </div>
  )
}
