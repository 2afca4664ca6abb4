import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { isApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth/auth-context'

import type { ProfessionalOption } from '../api/roles'
import { useLinkOwnAgenda } from '../api/team'
import { ProfessionalField } from './professional-field'
import { SaveActions } from './save-actions'

/**
 * OwnAgendaDialog links the owner's own login to the professional they are in the salon, for an
 * owner who also serves clients: the agenda then offers 'Minha agenda'. They still see everything.
 */
export function OwnAgendaDialog({
  current,
  onClose,
  professionals,
}: {
  /** The professional the owner is now, if any. */
  current: string | null
  onClose: () => void
  /** The professionals without another person's login, and the owner's own. */
  professionals: ProfessionalOption[]
}) {
  const id = useId()
  const link = useLinkOwnAgenda()
  const auth = useAuthStore()
  const [professionalId, setProfessionalId] = useState(current ?? '')
  const [error, setError] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    link.mutate(professionalId || null, {
      onSuccess: (seat) => {
        auth.setSeat(seat)
        const name = professionals.find((p) => p.id === professionalId)?.name
        toast.success(name ? `Sua agenda agora é a de ${name}` : 'Você não tem mais uma agenda própria')
        onClose()
      },
      onError: (e) => setError(isApiError(e) && e.status !== 0 ? e.message : 'Não foi possível salvar. Tente novamente.'),
    })
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
          <DialogHeader>
            <DialogTitle>Minha agenda</DialogTitle>
            <DialogDescription>
              Se você também atende clientes, diga qual profissional do salão você é. A agenda ganha o filtro
              “Minha agenda”, e você continua vendo tudo.
            </DialogDescription>
          </DialogHeader>
          <ProfessionalField
            id={id}
            label="Eu sou"
            none="Não atendo clientes"
            value={professionalId}
            onChange={setProfessionalId}
            professionals={professionals}
            empty="Cadastre-se como profissional em Profissionais para ter uma agenda própria."
            error={error || undefined}
          />
          <SaveActions onCancel={onClose} pending={link.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
