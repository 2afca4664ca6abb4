import { ArrowLeftIcon } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { AuthLayout } from '@/components/layout/auth-layout'
import { paths } from '@/config/paths'
import { RESET_DONE } from '@/features/auth/api/messages'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

export function ResetPasswordRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const onSuccess = () => {
    toast.success(RESET_DONE)
    void navigate(paths.login.path, { replace: true })
  }
  return (
    <AuthLayout
      title="Redefinir senha"
      description="Escolha uma nova senha para a sua conta."
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
      <ResetPasswordForm token={params.get('token') ?? ''} onSuccess={onSuccess} />
    </AuthLayout>
  )
}
