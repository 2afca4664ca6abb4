import { Field, FieldDescription, FieldLabel } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'
import { ROLE_LABELS } from '@/lib/api-limits'

import { memberRoles, type ProfessionalOption, roleHints } from '../api/roles'
import type { MemberRole } from '../api/team'
import { ProfessionalField } from './professional-field'

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
        <ProfessionalField
          id={id}
          label="Qual profissional"
          none="Escolha…"
          value={professionalId}
          onChange={onProfessional}
          professionals={professionals}
          empty="Todos os profissionais já têm acesso, ou nenhum foi cadastrado."
          error={error}
        />
      )}
    </>
  )
}
