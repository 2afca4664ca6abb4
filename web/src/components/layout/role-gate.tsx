import { ShieldAlertIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { can, useRole } from '@/lib/auth/permissions'

import { pagePermission } from './nav-items'

/**
 * RoleGate shows a page only to a role that may use it (the menu hides it; an address typed or
 * kept from another role lands here): the refusal is said as the server says it.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const role = useRole()
  const need = pagePermission(useLocation().pathname)
  if (!need || can(role, need)) return children
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <ShieldAlertIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">Operação não autorizada por questões de segurança</p>
      <p className="text-sm text-muted-foreground">Sua função na equipe do salão não dá acesso a esta página.</p>
      <Button asChild variant="outline">
        <Link to={paths.dashboard.root.path}>Voltar ao início</Link>
      </Button>
    </div>
  )
}
