import { LoaderCircleIcon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'
import { isApiError } from '@/lib/api-client'
import { ROLE_LABELS } from '@/lib/api-limits'

import { memberRoles, type ProfessionalOption, roleHints } from '../api/roles'
import { type Member, type MemberRole, useChangeMember } from '../api/team'

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
          <Field>
            <FieldLabel htmlFor={`${id}-role`}>Função</FieldLabel>
            <NativeSelect id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
              {memberRoles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
            <FieldDescription>{roleHints[role]}</FieldDescription>
          </Field>
          {role === 'profissional' && (
            <Field invalid={Boolean(error)}>
              <FieldLabel htmlFor={`${id}-pro`}>Qual profissional</FieldLabel>
              <NativeSelect id={`${id}-pro`} value={professionalId} onChange={(e) => setProfessionalId(e.target.value)}>
                <option value="">Escolha…</option>
                {professionals.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          <FieldError message={error || undefined} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
