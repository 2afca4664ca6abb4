import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'

import { Button } from '@/components/ui/button'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { PRIVACY_PATH } from '@/config/legal'
import { isApiError } from '@/lib/api-client'
import { setServerFieldErrors } from '@/lib/form-errors'

import {
  PASSWORD_HINT,
  REGISTER_EXISTS,
  REGISTER_FAILED,
  REGISTER_REQUIRED,
  REGISTER_UNKNOWN,
} from '../api/messages'
import { hasUser } from '../api/session'
import { signUpInputSchema, useSignUp, type SignUpInput } from '../api/sign-up'
import { useServerError } from '../hooks/use-server-error'
import { FormError } from './server-error'

type ServerError = { message: string; reasons?: string[] }

const fieldNames = ['name', 'email', 'password'] as const

/**
 * RegisterForm creates an account; onSuccess runs once the new session is stored. From an
 * invitation's link it creates the account on the salon's team, the name and email it names
 * already filled in.
 */
export function RegisterForm({
  onSuccess,
  invitation,
}: {
  onSuccess: () => void
  invitation?: { token: string; name: string; email: string }
}) {
  const signUp = useSignUp(invitation?.token)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { name: invitation?.name ?? '', email: invitation?.email ?? '', password: '', terms: false },
  })

  const [serverError, setServerError] = useServerError<ServerError, SignUpInput>(control)

  // An empty field is reported once for the whole form, as the spec words it.
  const missing = fieldNames.some((f) => errors[f]?.message === REGISTER_REQUIRED)
  const fieldMessage = (f: (typeof fieldNames)[number]) =>
    errors[f]?.message === REGISTER_REQUIRED ? undefined : errors[f]?.message

  const onSubmit = handleSubmit(async (input) => {
    setServerError(null)
    try {
      const response = await signUp.mutateAsync(input)
      if (!hasUser(response)) {
        setServerError({ message: REGISTER_UNKNOWN })
        return
      }
      onSuccess()
    } catch (error) {
      if (!isApiError(error) || error.status === 0) {
        setServerError({ message: REGISTER_FAILED })
      } else if (error.status === 409 || error.code === 'email_exists') {
        setServerError({ message: REGISTER_EXISTS })
      } else {
        setServerFieldErrors(setError, error, fieldNames)
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
      <FormError
        message={missing ? REGISTER_REQUIRED : serverError?.message}
        reasons={missing ? [] : serverError?.reasons}
      />
      <Field>
        <FieldLabel htmlFor="register-name">Nome</FieldLabel>
        <Input
          id="register-name"
          autoComplete="name"
          placeholder="Seu nome"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldMessage('name') ? 'register-name-error' : undefined}
          {...register('name')}
        />
        <FieldError id="register-name-error" message={fieldMessage('name')} />
      </Field>
      <Field>
        <FieldLabel htmlFor="register-email">Email</FieldLabel>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={fieldMessage('email') ? 'register-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="register-email-error" message={fieldMessage('email')} />
      </Field>
      <Field>
        <FieldLabel htmlFor="register-password">Senha</FieldLabel>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby="register-password-hint register-password-error"
          {...register('password')}
        />
        <FieldDescription id="register-password-hint">{PASSWORD_HINT}</FieldDescription>
        <FieldError id="register-password-error" message={fieldMessage('password')} />
      </Field>
      <Field>
        <label htmlFor="register-terms" className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
          <input
            id="register-terms"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'register-terms-error' : undefined}
            {...register('terms')}
          />
          <span>
            Li e aceito os termos de uso e a{' '}
            <Link to={PRIVACY_PATH} target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
              política de privacidade
            </Link>{' '}
            do Agendo.
          </span>
        </label>
        <FieldError id="register-terms-error" message={errors.terms?.message} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Criando conta...' : invitation ? 'Criar conta e entrar na equipe' : 'Criar conta'}
      </Button>
    </form>
  )
}
