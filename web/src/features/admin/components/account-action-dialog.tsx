import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { addDays, todayIn } from '@/lib/dates'

import {
  type AccountAction,
  accountActionSchema,
  type AccountActionFormValues,
  useAccountAction,
} from '../api/account-action'
import { adminDone, useAdminSubmit } from '../hooks/use-save-with-warnings'

/** What each action says: the dialog's title and text, its button, and the toast when done. */
const ACTIONS: Record<AccountAction, { title: string; description: string; confirm: string; done: string }> = {
  'password-reset': {
    title: 'Enviar email de redefinição de senha',
    description: 'A conta recebe o mesmo email de “Esqueceu a senha?”, com um link válido por 60 minutos.',
    confirm: 'Enviar email',
    done: 'O email de redefinição de senha foi enviado.',
  },
  lock: {
    title: 'Bloquear conta',
    description: 'A conta sai de todos os aparelhos na hora e não consegue entrar até ser desbloqueada.',
    confirm: 'Bloquear conta',
    done: 'A conta foi bloqueada e as sessões dela foram encerradas.',
  },
  unlock: {
    title: 'Desbloquear conta',
    description: 'A conta volta a poder entrar com a senha dela.',
    confirm: 'Desbloquear conta',
    done: 'A conta foi desbloqueada.',
  },
  premium: {
    title: 'Conceder Premium',
    description: 'A conta fica Premium até o fim do dia escolhido; depois volta ao plano que o pagamento define.',
    confirm: 'Conceder Premium',
    done: 'O Premium foi concedido.',
  },
}

/**
 * AccountActionDialog asks the reason of an action on an account (required: the audit keeps
 * it) and, for Premium, until when; the server's answer is an 'Operação Realizada' or
 * 'Operação Bloqueada' toast (SPEC.md section 6).
 */
export function AccountActionDialog({
  accountId,
  accountName,
  action,
  onClose,
}: {
  accountId: string
  accountName: string
  action: AccountAction | null
  onClose: () => void
}) {
  const mutation = useAccountAction(accountId)
  const today = todayIn()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountActionFormValues>({
    resolver: zodResolver(accountActionSchema),
    defaultValues: { reason: '', until: addDays(today, 30) },
  })
  const { submit } = useAdminSubmit(setError, ['reason', 'until'])
  const text = action ? ACTIONS[action] : null

  const close = () => {
    reset()
    onClose()
  }

  const onSubmit = handleSubmit(async (values) => {
    if (!action || !text) return
    const result = await submit(
      () =>
        mutation.mutateAsync({
          action,
          input: action === 'premium' ? { reason: values.reason.trim(), until: values.until } : { reason: values.reason.trim() },
        }),
      { done: adminDone(text.done) },
    )
    if (result) close()
  })

  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid grid-cols-1 gap-5">
          <DialogHeader>
            <DialogTitle>{text?.title}</DialogTitle>
            <DialogDescription>
              <span className="block font-medium break-words text-foreground">{accountName}</span>
              {text?.description}
            </DialogDescription>
          </DialogHeader>
          {action === 'premium' && (
            <FormField id="action-until" label="Premium até (inclusive)" error={errors.until?.message}>
              {(props) => <Input {...props} {...register('until')} type="date" min={addDays(today, 1)} />}
            </FormField>
          )}
          <FormField id="action-reason" label="Motivo" hint="Fica registrado no histórico de ações." error={errors.reason?.message}>
            {(props) => <Textarea {...props} {...register('reason')} rows={3} maxLength={500} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" variant={action === 'lock' ? 'destructive' : 'default'} disabled={isSubmitting}>
              {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {text?.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
