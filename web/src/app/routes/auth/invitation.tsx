import { LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'

import { AuthLayout } from '@/components/layout/auth-layout'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAcceptInvitation, useInvitationPreview } from '@/features/auth/api/invitation'
import { LoginForm } from '@/features/auth/components/login-form'
import { RegisterForm } from '@/features/auth/components/register-form'
import { isApiError } from '@/lib/api-client'
import { ROLE_LABELS, type Role } from '@/lib/api-limits'
import { useAuth } from '@/lib/auth/auth-context'

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

/**
 * InvitationRoute is an invitation's link (/convite/:token): who invites, to which salon and
 * role; then a new account on the team, an existing one signed in, or the signed-in one, joins.
 */
export function InvitationRoute() {
  const token = useParams().token ?? ''
  const navigate = useNavigate()
  const preview = useInvitationPreview(token)
  const { isAuthenticated, profile } = useAuth({ onlyIfRemembered: true })
  const accept = useAcceptInvitation()
  const [mode, setMode] = useState<'register' | 'login'>('register')
  const toDashboard = () => void navigate(paths.dashboard.root.path, { replace: true })

  const join = () =>
    accept.mutate(token, {
      onSuccess: () => {
        toast.success('Você entrou na equipe')
        toDashboard()
      },
      onError: (error) =>
        toast.error(isApiError(error) && error.status !== 0 ? error.message : 'Não foi possível aceitar o convite. Tente novamente.'),
    })

  if (preview.isPending) {
    return (
      <AuthLayout title="Convite para a equipe">
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          Abrindo o convite...
        </p>
      </AuthLayout>
    )
  }
  if (preview.isError || !preview.data) {
    const message =
      isApiError(preview.error) && preview.error.status !== 0
        ? preview.error.message
        : 'Não foi possível abrir o convite. Verifique a conexão e tente novamente.'
    return (
      <AuthLayout
        title="Convite para a equipe"
        footer={
          <Link to={paths.login.path} className={linkClass}>
            Ir para a página de entrada
          </Link>
        }
      >
        <p role="alert" className="text-center text-sm">
          {message}
        </p>
      </AuthLayout>
    )
  }

  const inv = preview.data
  const role = ROLE_LABELS[inv.role as Role]
  const description = (
    <>
      {inv.invitedBy ? `${inv.invitedBy} convidou você` : 'Você recebeu um convite'} para a equipe do{' '}
      <strong className="font-semibold text-foreground">{inv.storeName}</strong> na função{' '}
      <strong className="font-semibold text-foreground">{role}</strong>.
    </>
  )

  if (isAuthenticated) {
    return (
      <AuthLayout title="Convite para a equipe" description={description}>
        <div className="grid grid-cols-1 gap-3">
          <p className="text-center text-sm text-muted-foreground">
            Você entrou como <span className="font-medium text-foreground">{profile?.email}</span>.
          </p>
          <Button size="lg" className="w-full" onClick={join} disabled={accept.isPending}>
            {accept.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Aceitar convite
          </Button>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Convite para a equipe"
      description={description}
      footer={
        mode === 'register' ? (
          <>
            Já tem uma conta no Agendo?{' '}
            <button type="button" className={`${linkClass} min-h-11`} onClick={() => setMode('login')}>
              Entrar e aceitar
            </button>
          </>
        ) : (
          <>
            Ainda não tem conta?{' '}
            <button type="button" className={`${linkClass} min-h-11`} onClick={() => setMode('register')}>
              Criar conta
            </button>
          </>
        )
      }
    >
      {mode === 'register' ? (
        <RegisterForm invitation={{ token, name: inv.name, email: inv.email }} onSuccess={toDashboard} />
      ) : (
        <LoginForm onSuccess={join} />
      )}
    </AuthLayout>
  )
}
