import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react'

import { buttonVariants } from '@/components/ui/button-variants'

// Plain buttons with buttonVariants (no cn()): this screen ships in the entry chunk.
/** ErrorScreen is what an unexpected error leaves on screen (SPEC.md section 2). */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold">Algo deu errado</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Ocorreu um erro inesperado. Tente recarregar a página.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Recarregar página
          </button>
          <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onRetry}>
            Tentar novamente
          </button>
        </div>
      </div>
    </div>
  )
}
