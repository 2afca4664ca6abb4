import type { ReactNode } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import type { AuditData } from '../api/keys'

import { AuditLog } from './audit-log'

/**
 * AdminSettingPage is the shape of each admin configuration page: the form once its value has
 * loaded (or a retry), then the latest actions on it, then whatever else the page shows.
 */
export function AdminSettingPage<T>({
  query,
  what,
  form,
  audit,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  /** What failed to load, for LoadError: 'a configuração dos planos'. */
  what: string
  form: (value: T) => ReactNode
  audit: { data: AuditData; description: string }
  children?: ReactNode
}) {
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-5" aria-busy="true">
          <Skeleton className="h-44" />
          <Skeleton className="h-72" />
        </div>
      ) : query.isError || query.data === undefined ? (
        <LoadError what={what} onRetry={() => void query.refetch()} error={query.error} />
      ) : (
        form(query.data)
      )}
      <AuditLog data={audit.data} description={audit.description} />
      {children}
    </div>
  )
}
