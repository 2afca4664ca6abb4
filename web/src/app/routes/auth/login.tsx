import { Link, useNavigate } from 'react-router'

import { AuthLayout } from '@/components/layout/auth-layout'
import { paths } from '@/config/paths'
import { LoginForm } from '@/features/auth/components/login-form'

export function LoginRoute() {
  const navigate = useNavigate()
  return (
    <AuthLayout
      title="Entrar"
      description="Acesse o painel do seu salão."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link to={paths.register.path} className="font-medium text-primary underline-offset-4 hover:underline">
            Criar conta
          </Link>
        </>
      }
    >
      <LoginForm onSuccess={() => void navigate(paths.dashboard.root.path, { replace: true })} />
    </AuthLayout>
  )
}
