import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { WifiOffIcon } from 'lucide-react'
import { useSyncExternalStore } from 'react'

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { agendaUpdatedAt, updatedLabel } from '@/lib/offline'

/** useOfflineSince is null online; offline, when the agenda shown was read (0: never). */
function useOfflineSince() {
  const client = useQueryClient()
  const snapshot = () => (onlineManager.isOnline() ? null : agendaUpdatedAt(client))
  return useSyncExternalStore(
    (listener) => {
      const offOnline = onlineManager.subscribe(listener)
      const offCache = client.getQueryCache().subscribe(listener)
      return () => {
        offOnline()
        offCache()
      }
    },
    snapshot,
    snapshot,
  )
}

/**
 * OfflineNotice tops the signed-in app while the server cannot be reached (issue 28): the agenda
 * shown is the one kept on this device, dated, and changes wait for the connection.
 */
export function OfflineNotice() {
  const at = useOfflineSince()
  if (at === null) return null
  return (
    <Alert className="mb-4">
      <WifiOffIcon aria-hidden="true" />
      <AlertTitle>{at ? `Sem conexão, ${updatedLabel(at)}` : 'Sem conexão'}</AlertTitle>
      <AlertDescription>
        {at
          ? 'Você está vendo a agenda guardada neste aparelho. Para marcar, mudar ou cancelar, conecte-se à internet.'
          : 'A agenda aparece quando a internet voltar. Para marcar, mudar ou cancelar, é preciso estar conectado.'}
      </AlertDescription>
    </Alert>
  )
}
