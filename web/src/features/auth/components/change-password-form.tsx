import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { PasswordInput } from '@/components/ui/password-input'
import { isApiError } from '@/lib/api-client'
import { setServerFieldErrors } from '@/lib/form-errors'

import {
  changePasswordFormSchema,
  useChangePassword,
  type ChangePasswordForm as Values,
} from '../api/change-password'
import { PASSWORD_CHANGED, PASSWORD_HINT } from '../api/messages'
import { useServerError } from '../hooks/use-server-error'
import { FormError } from './server-error'

type ServerError = { message: string; reasons?: string[] }

/** ChangePasswordForm changes the password; the server then ends every other session. */
export function ChangePasswordForm() {
  const change = useChangePassword()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  })

  const [serverError, setServerError] = useServerError<ServerError, Values>(control)

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null)
    try {
      await change.mutateAsync({ currentPassword, newPassword })
      reset()
      toast.success(PASSWORD_CHANGED)
    } catch (error) {
      if (!isApiError(error) || error.status === 0) {
        setServerError({ message: 'Não foi possível alterar a senha. Tente novamente.' })
      } else if (error.code === 'invalid_credentials') {
        setError('currentPassword', { message: error.message }, { shouldFocus: true })
      } else {
        setServerFieldErrors(setError, error, ['currentPassword', 'newPassword'])
        setServerError({ message: error.message, reasons: error.reasons })
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
      <FormError message={serverError?.message} reasons={serverError?.reasons} />
      <Field>
        <FieldLabel htmlFor="current-password">Senha atual</FieldLabel>
        <PasswordInput
          id="current-password"
          autoComplete="current-password"
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? 'current-password-error' : undefined}
          {...register('currentPassword')}
        />
        <FieldError id="current-password-error" message={errors.currentPassword?.message} />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor="new-password">Nova senha</FieldLabel>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            aria-invalid={errors.newPassword ? true : undefined}
            aria-describedby="new-password-hint new-password-error"
            {...register('newPassword')}
          />
          <FieldDescription id="new-password-hint">{PASSWORD_HINT}</FieldDescription>
          <FieldError id="new-password-error" message={errors.newPassword?.message} />
        </Field>
        <Field>
          <FieldLabel htmlFor="confirm-password">Confirmar nova senha</FieldLabel>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'confirm-password-error' : undefined}
            {...register('confirm')}
          />
          <FieldError id="confirm-password-error" message={errors.confirm?.message} />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Alterar senha
        </Button>
      </div>
    </form>
  )
}
