import {
  CalendarDaysIcon,
  ChartColumnIcon,
  ContactIcon,
  CrownIcon,
  GiftIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  ScissorsIcon,
  SettingsIcon,
  ShieldCheckIcon,
  StoreIcon,
  UsersIcon,
  UserCogIcon,
  UsersRoundIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react'

import { paths } from '@/config/paths'
import type { Permission, Role } from '@/lib/api-limits'
import { can } from '@/lib/auth/permissions'

export type NavItem = {
  label: string
  to: string
  icon: LucideIcon
  /** Active only on the exact path (the dashboard index). */
  end?: boolean
  /** What the page needs: a role without it does not see the item (the server refuses it too). */
  perm?: Permission
}

const d = paths.dashboard

/** The sidebar, in the spec's order. */
export const mainNavItems: NavItem[] = [
  { label: 'Dashboard', to: d.root.path, icon: LayoutDashboardIcon, end: true, perm: 'dashboard' },
  { label: 'Agendamentos', to: d.appointments.path, icon: CalendarDaysIcon, perm: 'agenda' },
  { label: 'Clientes', to: d.clients.path, icon: UsersIcon, perm: 'clients' },
  { label: 'Relatórios', to: d.reports.path, icon: ChartColumnIcon, perm: 'reports' },
  { label: 'Planos', to: d.plans.path, icon: CrownIcon, perm: 'plan' },
  { label: 'Perfil da Loja', to: d.store.path, icon: StoreIcon, perm: 'store.edit' },
  { label: 'Serviços', to: d.services.path, icon: ScissorsIcon, perm: 'catalog.edit' },
  { label: 'Profissionais', to: d.professionals.path, icon: ContactIcon, perm: 'catalog.edit' },
  { label: 'Promoções', to: d.promotions.path, icon: GiftIcon, perm: 'promotions' },
  { label: 'Equipe', to: d.team.path, icon: UsersRoundIcon, perm: 'team' },
  { label: 'Configurações', to: d.settings.path, icon: SettingsIcon, perm: 'account' },
]

/** The four extra items only admins see. */
export const adminNavItems: NavItem[] = [
  { label: 'Admin Planos', to: d.adminPlans.path, icon: ShieldCheckIcon },
  { label: 'Admin Webhooks', to: d.adminWebhooks.path, icon: WebhookIcon },
  { label: 'Admin Clientes', to: d.adminClients.path, icon: UserCogIcon },
  { label: 'Configurar Ajuda', to: d.adminHelp.path, icon: LifeBuoyIcon },
]

/** navItemsFor are the items role may use, in order. */
export function navItemsFor(role: Role, items: NavItem[] = mainNavItems) {
  return items.filter((item) => !item.perm || can(role, item.perm))
}

/**
 * pagePermission is what the page at pathname needs, from the menu item it belongs to (its
 * own path or one under it: a client's page is under Clientes); undefined for pages every
 * signed-in person may open.
 */
export function pagePermission(pathname: string): Permission | undefined {
  const item = mainNavItems.find((i) => (i.end ? pathname === i.to : pathname === i.to || pathname.startsWith(`${i.to}/`)))
  return item?.perm
}

/** The fixed bottom bar on small screens: the role's first three. */
export function bottomNavItemsFor(role: Role) {
  return navItemsFor(role).slice(0, 3)
}
