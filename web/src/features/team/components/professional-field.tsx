import type { ReactNode } from 'react'

import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'

import type { ProfessionalOption } from '../api/roles'

/**
 * ProfessionalField picks which of the salon's professionals a login is: a member's (RoleFields)
 * or the owner's own agenda. `none` is the first choice's words ("Escolha…", "Não atendo
 * clientes"); `empty` shows when no professional is left to pick.
 */
export function ProfessionalField({
  id,
  label,
  none,
  value,
  onChange,
  professionals,
  empty,
  error,
}: {
  id: string
  label: string
  none: string
  value: string
  onChange: (id: string) => void
  professionals: ProfessionalOption[]
  empty: ReactNode
  /** Why the professional was refused, if it was. */
  error?: string
}) {
  return (
    <Field invalid={Boolean(error)}>
      <FieldLabel htmlFor={`${id}-pro`}>{label}</FieldLabel>
      <NativeSelect
        id={`${id}-pro`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-pro-error` : undefined}
      >
        <option value="">{none}</option>
        {professionals.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </NativeSelect>
      {professionals.length === 0 && <FieldDescription>{empty}</FieldDescription>}
      <FieldError id={`${id}-pro-error`} message={error} />
    </Field>
  )
}
