import { DownloadIcon, LoaderCircleIcon, LogOutIcon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { withPreposition } from '@/lib/pt-br'

import { useDownloadPersonalData, useLeaveTeam } from '../api/personal-data'

/**
 * MemberData is a team member's own LGPD rights in Configurações: a copy of what Agendo keeps
 * about them (the salon's data is the salon's), and leaving the salon's team, after which their
 * own account's page offers its export and deletion.
 */
export function MemberData({ storeName }: { storeName: string }) {
  const downloading = useDownloadPersonalData()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  // "do Salão Beleza Pura", "da Barbearia X"; "deste salão" while it has no name.
  const ofSalon = storeName.trim() ? withPreposition('de', storeName) : 'deste salão'
  const leaving = useLeaveTeam(() => {
    setConfirming(false)
    toast.success(`Você saiu da equipe ${ofSalon}.`)
    void navigate(paths.dashboard.settings.path)
  })

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-2">
        <p className="text-sm text-muted-foreground">
          Um arquivo com o que o Agendo guarda sobre você: seu perfil, as equipes de que você faz parte e suas sessões. Os
          agendamentos e os clientes são dados do salão.
        </p>
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          disabled={downloading.isPending}
          onClick={() =>
            downloading.mutate(undefined, {
              onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível baixar seus dados.'),
            })
          }
        >
          {downloading.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
          Baixar meus dados
        </Button>
      </div>

      <div className="grid grid-cols-1 gap-2 border-t pt-4">
        <p className="text-sm text-muted-foreground">
          Ao sair da equipe, você deixa de ver a agenda e os clientes {ofSalon}. Sua conta
          continua, e nela você pode excluí-la.
        </p>
        <Button
          variant="outline"
          className="w-full text-destructive hover:text-destructive sm:w-fit"
          onClick={() => setConfirming(true)}
        >
          <LogOutIcon aria-hidden="true" />
          Sair da equipe
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sair da equipe?"
        description={`Você deixa de ver a agenda e os clientes ${ofSalon} agora, em todos os aparelhos. Para voltar, só com um novo convite.`}
        confirmLabel="Sair da equipe"
        pending={leaving.isPending}
        onConfirm={() =>
          leaving.mutate(undefined, {
            onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível sair da equipe. Tente novamente.'),
          })
        }
      />
    </div>
  )
}
