import { Link, useNavigate } from 'react-router'

import { AuthLayout } from '@/components/layout/auth-layout'
import { paths } from '@/config/paths'
import { RegisterForm } from '@/features/auth/components/register-form'

export function RegisterRoute() {
  const navigate = useNavigate()
  return (
    <AuthLayout
      title="Criar conta"
      description="Organize a agenda do seu salão em poucos minutos."
      footer={
        <>
          Já tem uma conta?{' '}
          <Link to={paths.login.path} className="font-medium text-primary underline-offset-4 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <RegisterForm onSuccess={() => void navigate(paths.dashboard.root.path, { replace: true })} />
    </AuthLayout>
  )
}
