import { LoaderCircleIcon, WifiOffIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { buttonVariants } from '@/components/ui/button-variants'

// What the booking screens say while they wait for the network, so that waiting never looks
// like "nothing free" and no connection never looks like waiting.

/** OFFLINE_TITLE is said wherever a read is waiting for the connection to come back. */
export const OFFLINE_TITLE = 'Sem conexão. Tentando de novo…'

/** LoadingTimes says the free times are on their way. */
export function LoadingTimes() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      Carregando horários…
    </p>
  )
}

/**
 * NetworkNotice says there is no connection, with 'Tentar de novo' when given onRetry (the
 * booking form has its own button say it instead).
 */
export function NetworkNotice({
  title = OFFLINE_TITLE,
  children,
  onRetry,
}: {
  title?: string
  children?: ReactNode
  onRetry?: () => void
}) {
  return (
    <div role="alert" className="grid grid-cols-1 gap-3 rounded-xl border border-amber-500/40 bg-amber-100 p-4 text-sm text-amber-800">
      <p className="flex items-center gap-2 font-semibold">
        <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      {children && <p>{children}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className={`${buttonVariants({ variant: 'outline' })} w-full text-foreground`}>
          Tentar de novo
        </button>
      )}
    </div>
  )
}
