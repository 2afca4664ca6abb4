import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon, ShieldAlertIcon } from 'lucide-react'
import { Link, Outlet } from 'react-router'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { accessQueryOptions } from '@/features/auth/api/get-access'

/**
 * AdminRoute keeps the admin pages to admins. The menu hides them from everyone else; someone
 * who opens an address directly is told, and the server answers 403 to the calls anyway.
 */
export function AdminRoute() {
  const access = useQuery(accessQueryOptions())
  if (access.isPending) {
    return (
      <div className="grid grid-cols-1 gap-5" aria-busy="true">
        <Skeleton className="h-44" />
        <Skeleton className="h-72" />
      </div>
    )
  }
  if (access.data !== true) {
    return (
      <section
        role="alert"
        className="mx-auto mt-4 flex max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:mt-10 sm:px-10 sm:py-12"
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <ShieldAlertIcon className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-5 text-xl font-semibold tracking-tight">Acesso restrito a administradores.</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Esta página é exclusiva da equipe do Agendo. Se precisar de ajuda, fale com o suporte pelo botão Ajuda.
        </p>
        <Button variant="outline" className="mt-6" asChild>
          <Link to={paths.dashboard.root.path}>
            <ArrowLeftIcon aria-hidden="true" />
            Voltar ao Dashboard
          </Link>
        </Button>
      </section>
    )
  }
  return <Outlet />
}
