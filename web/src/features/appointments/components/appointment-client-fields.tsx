import { Controller } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { PhoneInput } from '@/components/ui/phone-input'
import { formatPhone, isMaskedPhone } from '@/lib/phone'

import { ClientNameField } from './client-name-field'
import type { AppointmentFormApi } from './appointment-form-api'

/** ClientFields: the client's name (with suggestions from past clients) and WhatsApp. */
export function ClientFields({ form }: { form: AppointmentFormApi }) {
  const {
    control,
    setValue,
    formState: { errors },
  } = form
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Controller
        control={control}
        name="clientName"
        render={({ field }) => (
          <FormField id="appointment-client" label="Cliente" error={errors.clientName?.message}>
            {(aria) => (
              <ClientNameField
                {...aria}
                ref={field.ref}
                name={field.name}
                placeholder="Nome do cliente"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onPick={(client) => {
                  field.onChange(client.name)
                  setValue('clientPhone', isMaskedPhone(client.phone) ? client.phone : formatPhone(client.phone), { shouldValidate: true, shouldDirty: true })
                }}
              />
            )}
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="clientPhone"
        render={({ field }) => (
          <FormField id="appointment-phone" label="Telefone (WhatsApp)" error={errors.clientPhone?.message}>
            {(aria) => (
              <PhoneInput {...aria} autoComplete="off" placeholder="(11) 91234-5678" {...field} />
            )}
          </FormField>
        )}
      />
    </div>
  )
}
