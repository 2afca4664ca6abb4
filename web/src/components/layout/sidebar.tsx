import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'

import { useRole } from '@/lib/auth/permissions'
import { cn } from '@/lib/utils'

import { Logo, LogoMark } from './logo'
import { adminNavItems, navItemsFor, type NavItem } from './nav-items'

function NavEntry({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem
  collapsed: boolean
  onNavigate?: () => void
}) {
  const Icon = item.icon
  const base =
    'group flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:h-10'
  const label = <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>

  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) =>
        cn(
          base,
          collapsed && 'justify-center px-0',
          isActive
            ? 'bg-sidebar-accent text-sidebar-accent-foreground'
            : 'text-sidebar-foreground hover:bg-muted hover:text-foreground',
        )
      }
    >
      <Icon className="size-[1.15rem] shrink-0" aria-hidden="true" />
      {label}
    </NavLink>
  )
}

/** SidebarNav is the menu: the spec's items in order, then the admin items for admins. */
export function SidebarNav({
  isAdmin,
  collapsed = false,
  onNavigate,
}: {
  isAdmin: boolean
  collapsed?: boolean
  onNavigate?: () => void
}) {
  const items = navItemsFor(useRole())
  return (
    <nav aria-label="Menu principal" className="flex flex-col gap-6">
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.label}>
            <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {isAdmin && (
        <div className="flex flex-col gap-1.5">
          <p
            className={cn(
              'px-3 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase',
              collapsed && 'sr-only',
            )}
          >
            Administração
          </p>
          <ul className="flex flex-col gap-0.5">
            {adminNavItems.map((item) => (
              <li key={item.label}>
                <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  )
}

export function WelcomeLine({ name, className }: { name: string; className?: string }) {
  return (
    <p className={cn('truncate text-sm text-muted-foreground', className)} title={name}>
      Olá, <span className="font-medium text-foreground">{name}</span>
    </p>
  )
}

/** Sidebar is the desktop menu; it collapses to icons only. */
export function Sidebar({
  name,
  isAdmin,
  collapsed,
  onToggleCollapsed,
  footer,
}: {
  name: string
  isAdmin: boolean
  collapsed: boolean
  onToggleCollapsed: () => void
  footer?: ReactNode
}) {
  const ToggleIcon = collapsed ? PanelLeftOpenIcon : PanelLeftCloseIcon
  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        'fixed inset-y-0 left-0 z-40 hidden flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 lg:flex',
        collapsed ? 'w-[4.5rem]' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center gap-2 px-4', collapsed && 'justify-center px-0')}>
        {collapsed ? <LogoMark className="size-9" /> : <Logo markClassName="size-9" />}
      </div>
      {!collapsed && <WelcomeLine name={name} className="px-5 pb-3" />}
      <div className="flex-1 overflow-y-auto px-3 py-2">
        <SidebarNav isAdmin={isAdmin} collapsed={collapsed} />
      </div>
      {footer}
      <div className="border-t border-sidebar-border p-3">
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-expanded={!collapsed}
          className={cn(
            'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            collapsed && 'justify-center px-0',
          )}
        >
          <ToggleIcon className="size-[1.15rem]" aria-hidden="true" />
          <span className={cn(collapsed && 'sr-only')}>
            {collapsed ? 'Expandir menu' : 'Recolher menu'}
          </span>
        </button>
      </div>
    </aside>
  )
}
