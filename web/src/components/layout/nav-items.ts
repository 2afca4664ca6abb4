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
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react'

import { paths } from '@/config/paths'

export type NavItem = {
  label: string
  to: string
  icon: LucideIcon
  /** Active only on the exact path (the dashboard index). */
  end?: boolean
}

const d = paths.dashboard

/** The sidebar, in the spec's order. */
export const mainNavItems: NavItem[] = [
  { label: 'Dashboard', to: d.root.path, icon: LayoutDashboardIcon, end: true },
  { label: 'Agendamentos', to: d.appointments.path, icon: CalendarDaysIcon },
  { label: 'Clientes', to: d.clients.path, icon: UsersIcon },
  { label: 'Relatórios', to: d.reports.path, icon: ChartColumnIcon },
  { label: 'Planos', to: d.plans.path, icon: CrownIcon },
  { label: 'Perfil da Loja', to: d.store.path, icon: StoreIcon },
  { label: 'Serviços', to: d.services.path, icon: ScissorsIcon },
  { label: 'Profissionais', to: d.professionals.path, icon: ContactIcon },
  { label: 'Promoções', to: d.promotions.path, icon: GiftIcon },
  { label: 'Configurações', to: d.settings.path, icon: SettingsIcon },
]

/** The four extra items only admins see. */
export const adminNavItems: NavItem[] = [
  { label: 'Admin Planos', to: d.adminPlans.path, icon: ShieldCheckIcon },
  { label: 'Admin Webhooks', to: d.adminWebhooks.path, icon: WebhookIcon },
  { label: 'Admin Clientes', to: d.adminClients.path, icon: UserCogIcon },
  { label: 'Configurar Ajuda', to: d.adminHelp.path, icon: LifeBuoyIcon },
]

/** The fixed bottom bar on small screens. */
export const bottomNavItems: NavItem[] = mainNavItems.slice(0, 3)
