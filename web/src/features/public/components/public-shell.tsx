import { Link } from 'react-router'

import { LogoMark } from '@/components/layout/logo'

// The footer of the public pages. Plain classes (no cn()/tailwind-merge): it is on the store
// page's first load, which has a budget.

/** PublicFooter credits Agendo at the bottom of every public page. */
export function PublicFooter() {
  return (
    <footer className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
      <LogoMark className="size-5" />
      <span>
        Agendamento online por{' '}
        <Link to="/" className="font-medium text-foreground hover:underline">
          Agendo
        </Link>
      </span>
    </footer>
  )
}
