import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'
import { ROLE_LABELS } from '@/lib/api-limits'

import { memberRoles, type ProfessionalOption, roleHints } from '../api/roles'
import type { MemberRole } from '../api/team'

/**
 * RoleFields chooses a member's role, with a line on what it is for, and for a professional
 * which of the salon's professionals they are.
 */
export function RoleFields({
  id,
  role,
  onRole,
  professionalId,
  onProfessional,
  professionals,
  error,
}: {
  id: string
  role: MemberRole
  onRole: (role: MemberRole) => void
  professionalId: string
  onProfessional: (id: string) => void
  /** The professionals a login can be linked to. */
  professionals: ProfessionalOption[]
  /** Why the professional was refused, if it was. */
  error?: string
}) {
  return (
    <>
      <Field>
        <FieldLabel htmlFor={`${id}-role`}>Função</FieldLabel>
        <NativeSelect id={`${id}-role`} value={role} onChange={(e) => onRole(e.target.value as MemberRole)}>
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
          <NativeSelect
            id={`${id}-pro`}
            value={professionalId}
            onChange={(e) => onProfessional(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-pro-error` : undefined}
          >
            <option value="">Escolha…</option>
            {professionals.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
          {professionals.length === 0 && (
            <FieldDescription>Todos os profissionais já têm acesso, ou nenhum foi cadastrado.</FieldDescription>
          )}
          <FieldError id={`${id}-pro-error`} message={error} />
        </Field>
      )}
    </>
  )
}
