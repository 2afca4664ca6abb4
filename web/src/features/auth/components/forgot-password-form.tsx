import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, MailCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'

import { RECOVER_SENT } from '../api/messages'
import { recoverInputSchema, useRecoverPassword, type RecoverInput } from '../api/recover-password'
import { useServerError } from '../hooks/use-server-error'
import { FormError } from './server-error'


/** ForgotPasswordForm asks for a recovery email; it never tells whether the account exists. */
export function ForgotPasswordForm() {
  const recover = useRecoverPassword()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecoverInput>({
    resolver: zodResolver(recoverInputSchema),
    defaultValues: { email: '' },
  })

  const [formError, setFormError] = useServerError<string, RecoverInput>(control)

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    try {
      await recover.mutateAsync(input)
      setSentTo(input.email)
    } catch (error) {
      if (isApiError(error) && error.fields.email) setError('email', { message: error.fields.email })
      else if (isApiError(error) && error.status !== 0) setFormError(error.message)
      else setFormError('Não foi possível enviar o email agora. Tente novamente.')
    }
  })

  if (sentTo !== null) {
    return (
      <div role="status" className="grid grid-cols-1 justify-items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
          <MailCheckIcon className="size-6" aria-hidden="true" />
        </div>
        <p className="font-medium">Verifique seu email</p>
        <p className="text-sm text-muted-foreground">{RECOVER_SENT}</p>
        <p className="text-xs text-muted-foreground">
          O link vale por 60 minutos. Não recebeu? Confira a caixa de spam ou{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => setSentTo(null)}
          >
            tente novamente
          </button>
          .
        </p>
      </div>
    )
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null)
        void onSubmit(event)
      }}
      className="grid grid-cols-1 gap-5"
    >
      <FormError message={formError} />
      <Field>
        <FieldLabel htmlFor="recover-email">Email</FieldLabel>
        <Input
          id="recover-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'recover-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="recover-email-error" message={errors.email?.message} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Enviando...' : 'Enviar link'}
      </Button>
    </form>
  )
}
