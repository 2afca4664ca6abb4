import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PhoneInput } from '@/components/ui/phone-input'
import { isApiError } from '@/lib/api-client'
import type { Profile } from '@/lib/auth/types'
import { setServerFieldErrors } from '@/lib/form-errors'
import { formatPhone } from '@/lib/phone'

import { profileFormSchema, useUpdateProfile, type ProfileForm as Values } from '../api/update-profile'

/** ProfileForm edits the owner's name and phone; the email is shown but cannot change here. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: profile.name, phone: formatPhone(profile.phone) },
  })

  const onSubmit = handleSubmit(async ({ name, phone }) => {
    try {
      const saved = await update.mutateAsync({ name, phone: phone || null })
      reset({ name: saved.name, phone: formatPhone(saved.phone) })
      toast.success('Perfil atualizado')
    } catch (error) {
      console.error('Erro ao atualizar o perfil', error)
      if (isApiError(error) && (error.fields.name || error.fields.phone)) {
        setServerFieldErrors(setError, { message: '', fields: error.fields }, ['name', 'phone'])
        return
      }
      toast.error(
        isApiError(error) && error.status !== 0
          ? error.message
          : 'Não foi possível salvar o perfil. Tente novamente.',
      )
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field className="sm:col-span-2">
          <FieldLabel htmlFor="profile-name">Nome</FieldLabel>
          <Input
            id="profile-name"
            autoComplete="name"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'profile-name-error' : undefined}
            {...register('name')}
          />
          <FieldError id="profile-name-error" message={errors.name?.message} />
        </Field>
        <Field>
          <FieldLabel htmlFor="profile-phone">
            Telefone <span className="font-normal text-muted-foreground">(opcional)</span>
          </FieldLabel>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id="profile-phone"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(11) 91234-5678"
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={errors.phone ? 'profile-phone-error' : undefined}
                {...field}
              />
            )}
          />
          <FieldError id="profile-phone-error" message={errors.phone?.message} />
        </Field>
        <Field>
          <FieldLabel htmlFor="profile-email">Email</FieldLabel>
          <Input
            id="profile-email"
            type="email"
            value={profile.email}
            readOnly
            aria-describedby="profile-email-hint"
          />
          <FieldDescription id="profile-email-hint">O email de acesso não pode ser alterado.</FieldDescription>
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar alterações
        </Button>
      </div>
    </form>
  )
}
