import { MenuIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'

/** AppHeader shows the current page name, the menu button on small screens and the actions. */
export function AppHeader({
  title,
  onOpenMenu,
  actions,
}: {
  title: string
  onOpenMenu: () => void
  actions?: ReactNode
}) {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-2 backdrop-blur sm:px-4 lg:h-16 lg:px-8">
      <Button variant="ghost" size="icon" className="lg:hidden" onClick={onOpenMenu} aria-label="Abrir menu">
        <MenuIcon className="size-5" aria-hidden="true" />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight lg:text-xl">{title}</h1>
      {actions && <div className="flex items-center gap-1 sm:gap-2">{actions}</div>}
    </header>
  )
}
