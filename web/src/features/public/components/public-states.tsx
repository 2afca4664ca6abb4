import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router'

import { LogoMark } from '@/components/layout/logo'
import { buttonVariants } from '@/components/ui/button-variants'

// What a public page shows when it cannot show itself: an unknown address, or a failed load.
// Loaded only then (see public-states-lazy.tsx), to keep it off the store page's first load.

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-12 text-center">{children}</main>
  )
}

/** PublicNotFound is the friendly page for an unknown store, professional or manage link. */
export function PublicNotFound({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Centered>
      <LogoMark className="size-12" />
      <h1 className="mt-8 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-sm text-muted-foreground">{text}</p>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        {action}
        <Link to="/" className={buttonVariants({ variant: action ? 'outline' : 'default' })}>
          Conhecer o Agendo
        </Link>
      </div>
    </Centered>
  )
}

/** PublicLoadError says the page did not load and offers to try again. */
export function PublicLoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  return (
    <Centered>
      <div role="alert" className="grid grid-cols-1 justify-items-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-xl font-semibold">Não foi possível carregar a página</h1>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">
          {message ?? 'Verifique sua conexão com a internet e tente novamente.'}
        </p>
      </div>
      <button type="button" className={`${buttonVariants()} mt-6`} onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Tentar novamente
      </button>
    </Centered>
  )
}

/** PublicState is one of the two, for the lazy loader (one chunk, one import). */
export function PublicState(
  props: ({ kind: 'not-found' } & ComponentProps<typeof PublicNotFound>) | ({ kind: 'error' } & ComponentProps<typeof PublicLoadError>),
) {
  return props.kind === 'not-found' ? <PublicNotFound {...props} /> : <PublicLoadError {...props} />
}
