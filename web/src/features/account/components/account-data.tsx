import { DownloadIcon, LoaderCircleIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { PasswordInput } from '@/components/ui/password-input'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth/auth-context'
import { formatDate } from '@/lib/format'

import {
  useAccountDeletion,
  useCancelAccountDeletion,
  useExportAccount,
  useRequestAccountDeletion,
} from '../api/account-data'

/** whenLabel writes an instant as "30/11/2026 às 09:00", in the browser's time zone. */
function whenLabel(iso: string) {
  const time = new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })
  return `${formatDate(iso)} às ${time}`
}

/**
 * AccountData is the owner's own LGPD rights in Configurações: a copy of everything (a zip) and
 * the account's deletion, which waits 7 days — signing in again cancels it — and asks for the
 * password first.
 */
export function AccountData() {
  const exporting = useExportAccount()
  const deletion = useAccountDeletion()
  const requesting = useRequestAccountDeletion()
  const cancelling = useCancelAccountDeletion()
  const store = useAuthStore()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const passwordId = useId()
  const pending = deletion.data?.pending && deletion.data.deleteAfter ? deletion.data.deleteAfter : null

  const requestError = requesting.error
    ? isApiError(requesting.error)
      ? requesting.error.message
      : 'Não foi possível pedir a exclusão. Tente novamente.'
    : null

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-2">
        <p className="text-sm text-muted-foreground">
          Um arquivo .zip com tudo o que está na sua conta: perfil, loja, serviços, profissionais, agendamentos, lixeira,
          bloqueios, promoções, clientes e as imagens enviadas, em JSON e em planilha.
        </p>
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          disabled={exporting.isPending}
          onClick={() =>
            exporting.mutate(undefined, {
              onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível exportar os dados.'),
            })
          }
        >
          {exporting.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
          Exportar meus dados
        </Button>
      </div>

      <div className="grid grid-cols-1 gap-2 border-t pt-4">
        {pending ? (
          <>
            <Alert variant="destructive">
              Sua conta será excluída em {whenLabel(pending)}. Até lá, entrar de novo ou tocar em “Manter minha conta” cancela
              a exclusão.
            </Alert>
            <Button
              className="w-full sm:w-fit"
              disabled={cancelling.isPending}
              onClick={() =>
                cancelling.mutate(undefined, {
                  onSuccess: () => toast.success('A exclusão foi cancelada. Sua conta continua aqui.'),
                  onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível cancelar. Tente novamente.'),
                })
              }
            >
              Manter minha conta
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Apaga a conta e todos os dados dela depois de 7 dias. Se mudar de ideia, é só entrar de novo nesse prazo.
            </p>
            <Button
              variant="outline"
              className="w-full text-destructive hover:text-destructive sm:w-fit"
              onClick={() => setConfirming(true)}
            >
              <Trash2Icon aria-hidden="true" />
              Excluir minha conta
            </Button>
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open)
          if (!open) {
            setPassword('')
            requesting.reset()
          }
        }}
        title="Excluir sua conta?"
        description={
          <>
            <p>
              Em 7 dias, a conta, a loja e a página pública, os serviços, profissionais, agendamentos, clientes, promoções e
              as imagens enviadas serão apagados para sempre.
            </p>
            <p>
              Até lá, entrar de novo cancela a exclusão. Depois disso, não é possível recuperar nada: exporte seus dados antes,
              se quiser guardá-los.
            </p>
          </>
        }
        confirmLabel="Excluir em 7 dias"
        pending={requesting.isPending}
        disabled={password === ''}
        onConfirm={() =>
          requesting.mutate(password, {
            onSuccess: (done) => {
              setConfirming(false)
              toast.success(
                `Exclusão agendada para ${done.deleteAfter ? whenLabel(done.deleteAfter) : 'daqui a 7 dias'}. Se mudar de ideia, é só entrar de novo.`,
                { duration: 15_000 },
              )
              void store.signOut('local').finally(() => void navigate(paths.login.path, { replace: true }))
            },
          })
        }
      >
        <Field>
          <FieldLabel htmlFor={passwordId}>Sua senha</FieldLabel>
          <PasswordInput
            id={passwordId}
            autoComplete="current-password"
            value={password}
            aria-invalid={requestError ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FieldError message={requestError} />
        </Field>
      </ConfirmDialog>
    </div>
  )
}
