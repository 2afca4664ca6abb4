import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** LoadError says a list did not load ("Não foi possível carregar os clientes.") and offers a retry. */
export function LoadError({ onRetry, what = 'os agendamentos' }: { onRetry: () => void; what?: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p>Não foi possível carregar {what}.</p>
        <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Tentar novamente
        </Button>
      </AlertDescription>
    </Alert>
  )
}
