import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, UserPlusIcon } from 'lucide-react'
import { useState } from 'react'
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
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormDialog } from '@/components/ui/form-dialog'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { TagInput } from '@/components/ui/tag-input'
import { Textarea } from '@/components/ui/textarea'
import { LIMITS } from '@/lib/api-limits'
import { countLabel } from '@/lib/format'
import { isMaskedPhone, toE164BR } from '@/lib/phone'

import { useCreateClient } from '../api/create-client'
import type { ClientDetail } from '../api/get-client'
import type { Client } from '../api/get-clients'
import {
  clientFormSchema,
  type ClientFormValues,
  clientFormValues,
  formToClientUpdate,
  useUpdateClient,
} from '../api/update-client'

const FIELDS = ['name', 'phone', 'phone2', 'email', 'birthday', 'notes', 'tags'] as const

/** The longest tag the server keeps (domain.MaxTagLen). */
const TAG_MAX = 30

const EMPTY: ClientFormValues = { name: '', phone: '', phone2: '', email: '', birthday: '', notes: '', tags: [] }

/**
 * EditClientDialog changes a client: name and phone (written on every one of their appointments,
 * which it says plainly) and their record — another phone, email, birthday, notes, tags.
 */
export function EditClientDialog({
  client,
  open,
  onOpenChange,
  onSaved,
}: {
  client: ClientDetail
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: (client: Client) => void
}) {
  const update = useUpdateClient()
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Editar cliente</DialogTitle>
          <DialogDescription>
            {client.appointmentCount === 0
              ? 'A ficha do cliente. Ele ainda não tem agendamentos.'
              : `O novo nome e telefone serão gravados em ${
                  client.appointmentCount === 1
                    ? 'o agendamento deste cliente'
                    : `todos os ${countLabel(client.appointmentCount, 'agendamento', 'agendamentos')} deste cliente`
                }, inclusive os já concluídos.`}
          </DialogDescription>
        </DialogHeader>
        <ClientForm
          key={client.phone}
          defaults={clientFormValues(client)}
          masked={isMaskedPhone(client.phone)}
          save={(values) => update.mutateAsync({ phone: client.phone, input: formToClientUpdate(values) })}
          done="Cliente atualizado"
          onDone={onSaved}
        />
      </DialogContent>
    </FormDialog>
  )
}

/** NewClientButton is the Clientes page's 'Novo cliente': a client added by hand, with a record. */
export function NewClientButton({ className, onCreated }: { className?: string; onCreated: (client: Client) => void }) {
  const [open, setOpen] = useState(false)
  const create = useCreateClient()
  return (
    <FormDialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className={className}>
          <UserPlusIcon aria-hidden="true" />
          Novo cliente
        </Button>
      </DialogTrigger>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Novo cliente</DialogTitle>
          <DialogDescription>
            Só o nome e o telefone são obrigatórios. Um telefone sem DDD fica com o DDD do salão.
          </DialogDescription>
        </DialogHeader>
        <ClientForm
          defaults={EMPTY}
          masked={false}
          save={(values) =>
            create.mutateAsync({
              name: values.name.trim(),
              phone: toE164BR(values.phone) ?? values.phone.trim(),
              phone2: values.phone2.trim(),
              email: values.email.trim(),
              birthday: values.birthday.trim(),
              notes: values.notes.trim(),
              tags: values.tags,
            })
          }
          done="Cliente cadastrado"
          onDone={(client) => {
            setOpen(false)
            onCreated(client)
          }}
        />
      </DialogContent>
    </FormDialog>
  )
}

function ClientForm({
  defaults,
  masked,
  save,
  done,
  onDone,
}: {
  defaults: ClientFormValues
  /** A member who sees masked phones sees no email and no second phone. */
  masked: boolean
  save: (values: ClientFormValues) => Promise<Client>
  done: string
  onDone: (client: Client) => void
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ClientFormValues>({ resolver: zodResolver(clientFormSchema), defaultValues: defaults })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: [...FIELDS],
    log: 'Erro ao salvar cliente',
    failure: 'Não foi possível salvar.',
    inline: true,
  })

  const onSubmit = handleSubmit(async (values) => {
    const result = await submit(() => save(values), { done })
    if (result) onDone(result.value)
  })

  const phone = (name: 'phone' | 'phone2', id: string, label: string, optional: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} optional={optional} error={errors[name]?.message}>
          {(aria) => <PhoneInput {...aria} autoComplete="off" {...field} />}
        </FormField>
      )}
    />
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />
        <FormField id="client-name" label="Nome" error={errors.name?.message}>
          {(aria) => <Input autoComplete="off" {...aria} {...register('name')} />}
        </FormField>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {phone('phone', 'client-phone', 'Telefone (WhatsApp)', false)}
          {!masked && phone('phone2', 'client-phone2', 'Outro telefone', true)}
        </div>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {!masked && (
            <FormField id="client-email" label="E-mail" optional error={errors.email?.message}>
              {(aria) => <Input type="email" inputMode="email" autoComplete="off" {...aria} {...register('email')} />}
            </FormField>
          )}
          <FormField id="client-birthday" label="Aniversário" optional hint="Dia/mês ou dia/mês/ano" error={errors.birthday?.message}>
            {(aria) => <Input inputMode="numeric" placeholder="15/03 ou 15/03/1985" autoComplete="off" {...aria} {...register('birthday')} />}
          </FormField>
        </div>
        <FormField
          id="client-notes"
          label="Observações"
          optional
          hint="Só a equipe do salão vê. Ex.: alérgica a amônia, prefere horários pela manhã."
          error={errors.notes?.message}
        >
          {(aria) => <Textarea rows={3} maxLength={LIMITS.clientNotes} {...aria} {...register('notes')} />}
        </FormField>
        <FormField
          id="client-tags"
          label="Etiquetas"
          optional
          hint={`Digite e toque em Enter, ou separe com vírgula. Até ${LIMITS.tags}.`}
          error={errors.tags?.message}
        >
          {(aria) => (
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  {...aria}
                  placeholder="Ex.: VIP"
                  value={field.value}
                  onChange={field.onChange}
                  maxTags={LIMITS.tags}
                  maxLength={TAG_MAX}
                  addLabel="Adicionar etiqueta"
                />
              )}
            />
          )}
        </FormField>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
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
