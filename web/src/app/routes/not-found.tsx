import { Link } from 'react-router'

import { LogoMark } from '@/components/layout/logo'
import { Button } from '@/components/ui/button'

export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-12 text-center">
      <LogoMark className="size-12" />
      <p className="mt-8 text-sm font-semibold text-primary">Erro 404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Página não encontrada</h1>
      <p className="mt-3 max-w-sm text-muted-foreground">
        O endereço que você acessou não existe ou foi removido.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Voltar para o início</Link>
      </Button>
    </main>
  )
}
