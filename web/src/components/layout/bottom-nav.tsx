import { NavLink } from 'react-router'

import { useRole } from '@/lib/auth/permissions'
import { cn } from '@/lib/utils'

import { bottomNavItemsFor } from './nav-items'

/** BottomNav is the fixed bar on small screens: Dashboard, Agendamentos, Clientes (the role's first three). */
export function BottomNav() {
  const bottomNavItems = bottomNavItemsFor(useRole())
  return (
    <nav
      aria-label="Atalhos"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_-8px_rgb(0_0_0/0.12)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-3">
        {bottomNavItems.map((item) => {
          const Icon = item.icon
          return (
            <li key={item.label} className="flex">
              <NavLink
                to={item.to ?? '#'}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    'flex flex-1 flex-col items-center justify-center gap-1 text-[0.7rem] font-medium outline-none focus-visible:bg-accent',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={cn(
                        'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                        isActive && 'bg-secondary',
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    {item.label}
                  </>
                )}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
