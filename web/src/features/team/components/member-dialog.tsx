import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field'
import { isApiError } from '@/lib/api-client'
import { ROLE_LABELS } from '@/lib/api-limits'

import type { ProfessionalOption } from '../api/roles'
import { type Member, type MemberRole, useChangeMember } from '../api/team'
import { RoleFields } from './role-fields'
import { SaveActions } from './save-actions'

/**
 * MemberDialog changes a member's role (and, for a professional, which one they are). Their
 * sessions in this salon end: they sign in again with what the new role allows.
 */
export function MemberDialog({
  member,
  onClose,
  professionals,
}: {
  member: Member
  onClose: () => void
  /** The professionals without a login yet, and the member's own. */
  professionals: ProfessionalOption[]
}) {
  const id = useId()
  const change = useChangeMember()
  const [role, setRole] = useState<MemberRole>(member.role as MemberRole)
  const [professionalId, setProfessionalId] = useState(member.professionalId ?? '')
  const [error, setError] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (role === 'profissional' && !professionalId) {
      setError('Escolha qual profissional do salão esta pessoa é')
      return
    }
    change.mutate(
      { id: member.userId, role, professionalId: role === 'profissional' ? professionalId : null },
      {
        onSuccess: () => {
          toast.success(`${member.name} agora é ${ROLE_LABELS[role]}`)
          onClose()
        },
        onError: (e) =>
          setError(isApiError(e) && e.status !== 0 ? e.message : 'Não foi possível mudar a função. Tente novamente.'),
      },
    )
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
          <DialogHeader>
            <DialogTitle className="break-words">Função de {member.name}</DialogTitle>
            <DialogDescription>
              Ao salvar, as sessões dessa pessoa neste salão terminam: ela entra de novo com a nova função.
            </DialogDescription>
          </DialogHeader>
          <RoleFields
            id={id}
            role={role}
            onRole={setRole}
            professionalId={professionalId}
            onProfessional={setProfessionalId}
            professionals={professionals}
          />
          <FieldError message={error || undefined} />
          <SaveActions onCancel={onClose} pending={change.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
