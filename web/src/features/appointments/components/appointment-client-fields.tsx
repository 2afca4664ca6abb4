import { Controller } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { formatPhone, isMaskedPhone } from '@/lib/phone'
import { REMINDER_EMAIL_LABEL } from '@/lib/reminder-email'

import { ClientNameField } from './client-name-field'
import type { AppointmentFormApi } from './appointment-form-api'

/**
 * ClientFields: the client's name (with suggestions from past clients), WhatsApp, and the email
 * their reminders go to. currentEmail is the one the client gave before: left blank, it stays.
 */
export function ClientFields({ form, currentEmail }: { form: AppointmentFormApi; currentEmail?: string }) {
  const {
    control,
    setValue,
    register,
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
      <FormField
        id="appointment-email"
        label={REMINDER_EMAIL_LABEL}
        optional
        className="sm:col-span-2"
        error={errors.clientEmail?.message}
        hint={
          currentEmail
            ? `Os lembretes vão para ${currentEmail}. Preencha só para trocar.`
            : 'O cliente recebe a confirmação e os lembretes por e‑mail, sem custo.'
        }
      >
        {(aria) => (
          <Input
            {...aria}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="nome@exemplo.com"
            {...register('clientEmail')}
          />
        )}
      </FormField>
    </div>
  )
}
