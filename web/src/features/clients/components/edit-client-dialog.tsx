import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Button } from '@/components/ui/button'
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormDialog } from '@/components/ui/form-dialog'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { countLabel } from '@/lib/format'
import { formatPhone, isMaskedPhone } from '@/lib/phone'

import type { Client } from '../api/get-clients'
import { clientFormSchema, type ClientFormValues, formToClientUpdate, useUpdateClient } from '../api/update-client'

/**
 * EditClientDialog changes a client's name and phone. It says plainly that the change is
 * written on every one of their appointments.
 */
export function EditClientDialog({
  client,
  open,
  onOpenChange,
  onSaved,
}: {
  client: Client
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: (client: Client) => void
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Editar cliente</DialogTitle>
          <DialogDescription>
            O novo nome e telefone serão gravados em{' '}
            {client.appointmentCount === 1
              ? 'o agendamento deste cliente'
              : `todos os ${countLabel(client.appointmentCount, 'agendamento', 'agendamentos')} deste cliente`}
            , inclusive os já concluídos.
          </DialogDescription>
        </DialogHeader>
        <EditClientForm key={client.phone} client={client} onDone={onSaved} />
      </DialogContent>
    </FormDialog>
  )
}

function EditClientForm({ client, onDone }: { client: Client; onDone: (client: Client) => void }) {
  const update = useUpdateClient()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ClientFormValues>({
    resolver: zodResolver(clientFormSchema),
    defaultValues: { name: client.name, phone: isMaskedPhone(client.phone) ? client.phone : formatPhone(client.phone) },
  })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: ['name', 'phone'],
    log: 'Erro ao atualizar cliente',
    failure: 'Não foi possível salvar.',
    inline: true,
  })

  const onSubmit = handleSubmit(async (values) => {
    const result = await submit(() => update.mutateAsync({ phone: client.phone, input: formToClientUpdate(values) }), {
      done: 'Cliente atualizado',
    })
    if (result) onDone(result.value)
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5">
      <FormErrors messages={unplaced} />
      <FormField id="client-name" label="Nome" error={errors.name?.message}>
        {(aria) => <Input autoComplete="off" {...aria} {...register('name')} />}
      </FormField>
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <FormField id="client-phone" label="Telefone (WhatsApp)" error={errors.phone?.message}>
            {(aria) => (
              <PhoneInput {...aria} autoComplete="off" {...field} />
            )}
          </FormField>
        )}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>
    </form>
  )
}
