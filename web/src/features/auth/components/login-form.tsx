import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { isApiError } from '@/lib/api-client'

import { LOGIN_FAILED, LOGIN_INVALID, LOGIN_REQUIRED, LOGIN_UNKNOWN } from '../api/messages'
import { hasUser } from '../api/session'
import { signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in'
import { useServerError } from '../hooks/use-server-error'
import { FormError } from './server-error'

function loginErrorMessage(error: unknown) {
  if (!isApiError(error) || error.status === 0) return LOGIN_FAILED
  if (error.code === 'invalid_credentials') return LOGIN_INVALID
  return error.message
}

/** LoginForm signs an owner in; onSuccess runs once the session is stored. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const signIn = useSignIn()
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  })

  const [formError, setFormError] = useServerError<string, SignInInput>(control)

  const missing = errors.email || errors.password ? LOGIN_REQUIRED : null

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null)
    try {
      const response = await signIn.mutateAsync(input)
      if (!hasUser(response)) {
        setFormError(LOGIN_UNKNOWN)
        return
      }
      // Signing in during an account's deletion window cancels the deletion: say so.
      if (response.notice) toast.success(response.notice, { duration: 15_000 })
      onSuccess()
    } catch (error) {
      setFormError(loginErrorMessage(error))
    }
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null)
        void onSubmit(event)
      }}
      className="grid grid-cols-1 gap-5"
    >
      <FormError message={missing ?? formError} />
      <Field>
        <FieldLabel htmlFor="login-email">Email</FieldLabel>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
      </Field>
      <Field>
        <FieldLabel htmlFor="login-password">Senha</FieldLabel>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
        <Link
          to="/forgot-password"
          className="inline-flex min-h-11 items-center justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline sm:min-h-0"
        >
          Esqueceu a senha?
        </Link>
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  )
}
