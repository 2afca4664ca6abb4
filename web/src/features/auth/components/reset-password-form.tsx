import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { PasswordInput } from '@/components/ui/password-input'
import { isApiError } from '@/lib/api-client'

import { INVALID_LINK, PASSWORD_HINT } from '../api/messages'
import { resetFormSchema, useResetPassword, type ResetForm } from '../api/reset-password'
import { useServerError } from '../hooks/use-server-error'
import { FormError } from './server-error'


type ServerError = { message: string; reasons?: string[]; invalidToken?: boolean }

function RequestNewLink() {
  return (
    <p>
      <Link to="/forgot-password" className="font-medium underline underline-offset-4">
        Solicitar um novo link
      </Link>
    </p>
  )
}

/** ResetPasswordForm sets a new password with the single-use token from the recovery email. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPassword()
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
  })

  // An expired link stays said: a new password does not make it valid again.
  const [serverError, setServerError] = useServerError<ServerError, ResetForm>(control, (e) => Boolean(e.invalidToken))

  if (!token) {
    return (
      <FormError message={INVALID_LINK}>
        <RequestNewLink />
      </FormError>
    )
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null)
    try {
      await reset.mutateAsync({ token, password })
      onSuccess()
    } catch (error) {
      if (!isApiError(error) || error.status === 0) {
        setServerError({ message: 'Não foi possível redefinir a senha. Tente novamente.' })
      } else {
        setServerError({
          message: error.message,
          reasons: error.reasons,
          invalidToken: error.code === 'invalid_token',
        })
      }
    }
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setServerError(null)
        void onSubmit(event)
      }}
      className="grid grid-cols-1 gap-5"
    >
      <FormError message={serverError?.message} reasons={serverError?.reasons}>
        {serverError?.invalidToken && <RequestNewLink />}
      </FormError>
      <Field>
        <FieldLabel htmlFor="reset-password">Nova senha</FieldLabel>
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby="reset-password-hint reset-password-error"
          {...register('password')}
        />
        <FieldDescription id="reset-password-hint">{PASSWORD_HINT}</FieldDescription>
        <FieldError id="reset-password-error" message={errors.password?.message} />
      </Field>
      <Field>
        <FieldLabel htmlFor="reset-confirm">Confirmar nova senha</FieldLabel>
        <PasswordInput
          id="reset-confirm"
          autoComplete="new-password"
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? 'reset-confirm-error' : undefined}
          {...register('confirm')}
        />
        <FieldError id="reset-confirm-error" message={errors.confirm?.message} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Salvando...' : 'Redefinir senha'}
      </Button>
    </form>
  )
}
