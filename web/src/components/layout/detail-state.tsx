import { ArrowLeftIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'

import { LoadError } from './load-error'

/** BackLink leads from a detail page back to its list ("Todos os clientes"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="link" asChild className="w-fit">
      <Link to={to}>
        <ArrowLeftIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  )
}

/**
 * DetailState stands in for a detail page whose query has no data: `back` (its BackLink)
 * above skeletons while it loads; after an error, `notFound` when the server answered 404 (the
 * thing is gone), else LoadError with a retry.
 */
export function DetailState({
  back,
  pending,
  error,
  notFound,
  what,
  onRetry,
}: {
  back: ReactNode
  pending: boolean
  error: unknown
  notFound: string
  /** What did not load, for LoadError: "o cliente". */
  what: string
  onRetry: () => void
}) {
  if (pending) {
    return (
      <div className="grid grid-cols-1 gap-4" aria-busy="true">
        {back}
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      {back}
      {isApiError(error) && error.status === 404 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
          {notFound}
        </p>
      ) : (
        <LoadError onRetry={onRetry} what={what} error={error} />
      )}
    </div>
  )
}
