import { Controller, type Control } from 'react-hook-form'

import { Checkbox } from '@/components/ui/checkbox'
import { FieldError } from '@/components/ui/field'

import type { ServiceFormValues } from '../api/service-form'
import type { Service } from '../api/get-services'

/**
 * ComboFields: 'Pacote', for a service sold as one ('Dia da noiva'): the plain services it
 * includes, in the catalogue's order. Its price and duration stay the ones above.
 */
export function ComboFields({
  control,
  services,
  self,
  error,
}: {
  control: Control<ServiceFormValues>
  /** Every service of the store (undefined while they load). */
  services: readonly Service[] | undefined
  /** The service being edited (null for a new one). */
  self: string | null
  error?: string
}) {
  // A combo includes plain services only, and never itself.
  const plain = (services ?? []).filter((s) => s.id !== self && s.includes.length === 0)
  if (plain.length < 2) return null
  return (
    <Controller
      control={control}
      name="includes"
      render={({ field }) => (
        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">
            Pacote <span className="font-normal text-muted-foreground">(opcional)</span>
          </legend>
          <p className="text-sm text-muted-foreground">
            Vende este serviço como um pacote, como um Dia da noiva? Marque o que ele inclui. O preço e a duração são
            os de cima.
          </p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {plain.map((s) => (
              <label
                key={s.id}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm font-medium has-checked:border-primary/60 has-checked:bg-secondary/50"
              >
                <Checkbox
                  checked={field.value.includes(s.id)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? plain.map((x) => x.id).filter((id) => id === s.id || field.value.includes(id))
                        : field.value.filter((id) => id !== s.id),
                    )
                  }
                />
                <span className="min-w-0 truncate">{s.name}</span>
              </label>
            ))}
          </div>
          <FieldError message={error} />
        </fieldset>
      )}
    />
  )
}
