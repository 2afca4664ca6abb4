import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-client'

/**
 * LoadError says a list did not load ("Não foi possível carregar os clientes.") and offers a
 * retry. A refusal (403: the person's role does not allow it) is said as the server says it,
 * 'Operação não autorizada por questões de segurança', with no retry: trying again changes nothing.
 */
export function LoadError({ onRetry, what = 'os agendamentos', error }: { onRetry: () => void; what?: string; error?: unknown }) {
  const refused = isApiError(error) && error.status === 403
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        {refused ? (
          <p>{error.message}</p>
        ) : (
          <>
            <p>Não foi possível carregar {what}.</p>
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
              <RefreshCwIcon aria-hidden="true" />
              Tentar novamente
            </Button>
          </>
        )}
      </AlertDescription>
    </Alert>
  )
}
