import { LoaderCircleIcon, MonitorSmartphoneIcon } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-client'

import { OTHERS_SIGNED_OUT } from '../api/messages'
import { useSignOut } from '../api/sign-out'

/** SignOutOthersButton ends every session of this account except the one in this browser. */
export function SignOutOthersButton() {
  const signOut = useSignOut()
  const onClick = () =>
    signOut.mutate('others', {
      onSuccess: () => toast.success(OTHERS_SIGNED_OUT),
      onError: (error) => {
        console.error('Erro ao encerrar as outras sessões', error)
        toast.error(
          isApiError(error) && error.status !== 0
            ? error.message
            : 'Não foi possível encerrar as outras sessões. Tente novamente.',
        )
      },
    })
  return (
    <Button variant="outline" onClick={onClick} disabled={signOut.isPending}>
      {signOut.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <MonitorSmartphoneIcon aria-hidden="true" />
      )}
      Sair das outras sessões
    </Button>
  )
}
