import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'

import { AuthLayout } from '@/components/layout/auth-layout'
import { paths } from '@/config/paths'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'

export function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Esqueceu a senha?"
      description="Informe o email da sua conta e enviaremos um link para criar uma nova senha."
      footer={
        <Link
          to={paths.login.path}
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline sm:min-h-0"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Voltar para o login
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  )
}
