import { LoadError } from '@/components/layout/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { useWebhookConfig } from '../api/get-webhook-config'

import { AuditLog } from './audit-log'
import { DeliveriesLog } from './deliveries-log'
import { WebhookConfigForm } from './webhook-config-form'

/** AdminWebhooksPage is Admin Webhooks: the configuration, its latest changes and every delivery received. */
export function AdminWebhooksPage() {
  const { data, isPending, isError, refetch } = useWebhookConfig()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      {isPending ? (
        <div className="grid grid-cols-1 gap-5" aria-busy="true">
          <Skeleton className="h-44" />
          <Skeleton className="h-72" />
        </div>
      ) : isError ? (
        <LoadError what="a configuração dos webhooks" onRetry={() => void refetch()} />
      ) : (
        <WebhookConfigForm config={data} />
      )}
      <AuditLog data="webhook_config" description="As 10 ações mais recentes sobre a configuração dos webhooks." />
      <DeliveriesLog />
    </div>
  )
}
