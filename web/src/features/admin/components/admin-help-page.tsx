import { LoadError } from '@/components/layout/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { useHelpSettings } from '../api/get-help-settings'

import { AuditLog } from './audit-log'
import { HelpSettingsForm } from './help-settings-form'

/** AdminHelpPage is Configurar Ajuda: the help dialog's channels with a preview, then the latest changes. */
export function AdminHelpPage() {
  const { data, isPending, isError, refetch } = useHelpSettings()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      {isPending ? (
        <div className="grid grid-cols-1 gap-5" aria-busy="true">
          <Skeleton className="h-44" />
          <Skeleton className="h-72" />
        </div>
      ) : isError ? (
        <LoadError what="a configuração de ajuda" onRetry={() => void refetch()} />
      ) : (
        <HelpSettingsForm settings={data} />
      )}
      <AuditLog data="help" description="As 10 ações mais recentes sobre a configuração de ajuda." />
    </div>
  )
}
