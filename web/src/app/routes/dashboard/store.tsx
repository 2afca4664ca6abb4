import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useStore } from '@/features/store/api/get-store'
import { StoreForm } from '@/features/store/components/store-form'

export function StoreRoute() {
  const { data: store, isPending, isError, refetch, dataUpdatedAt } = useStore()
  if (isPending) {
    return (
      <div className="mx-auto grid grid-cols-1 max-w-3xl gap-5" aria-busy="true">
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    )
  }
  if (isError) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-3xl">
        <AlertCircleIcon aria-hidden="true" />
        <AlertDescription>
          <p>Não foi possível carregar os dados da loja.</p>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            Tentar novamente
          </Button>
        </AlertDescription>
      </Alert>
    )
  }
  // A new key after a fresh load resets the form to what the server has.
  return <StoreForm key={store?.id ?? dataUpdatedAt} store={store} />
}
