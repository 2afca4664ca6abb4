// Every route of the app (SPEC.md section 2), with the page names the header shows.

/**
 * publicPaths are the customer's pages, apart so the public page's bundle takes only them (the
 * manage link's prefix is the server's too: Go's domain.ManagePath).
 */
export const publicPaths = {
  store: { path: '/store/:storeSlug', build: (slug: string) => `/store/${encodeURIComponent(slug)}` },
  professional: {
    path: '/profissional/:professionalId',
    build: (id: string) => `/profissional/${encodeURIComponent(id)}`,
  },
  manage: { path: '/agendamento/:token' },
  /** A reminder's link (Go's domain.ReminderPath): confirm presence, or stop the emails. */
  reminder: { path: '/lembrete/:token' },
  /** A waitlist offer's link (Go's domain.WaitlistPath): book the time held. */
  waitlistOffer: { path: '/lista-de-espera/:token' },
} as const

export const paths = {
  ...publicPaths,
  home: { path: '/' },
  login: { path: '/login', title: 'Entrar' },
  register: { path: '/register', title: 'Criar conta' },
  forgotPassword: { path: '/forgot-password', title: 'Esqueceu a senha?' },
  resetPassword: { path: '/reset-password', title: 'Redefinir senha' },
  invitation: { path: '/convite/:token', title: 'Convite para a equipe' },
  dashboard: {
    root: { path: '/dashboard', title: 'Dashboard' },
    appointments: { path: '/dashboard/appointments', title: 'Agendamentos' },
    clients: { path: '/dashboard/clients', title: 'Clientes' },
    client: {
      path: '/dashboard/clients/:phone',
      title: 'Cliente',
      build: (phone: string) => `/dashboard/clients/${encodeURIComponent(phone)}`,
    },
    reports: { path: '/dashboard/reports', title: 'Relatórios' },
    plans: { path: '/dashboard/plans', title: 'Planos' },
    store: { path: '/dashboard/store', title: 'Perfil da Loja' },
    services: { path: '/dashboard/services', title: 'Serviços' },
    professionals: { path: '/dashboard/professionals', title: 'Profissionais' },
    promotions: { path: '/dashboard/promotions', title: 'Promoções' },
    promotion: {
      path: '/dashboard/promotions/:id',
      title: 'Promoção',
      build: (id: string) => `/dashboard/promotions/${encodeURIComponent(id)}`,
    },
    settings: { path: '/dashboard/settings', title: 'Configurações' },
    team: { path: '/dashboard/team', title: 'Equipe' },
    adminPlans: { path: '/dashboard/admin/plans', title: 'Admin Planos' },
    adminWebhooks: { path: '/dashboard/admin/webhooks', title: 'Admin Webhooks' },
    adminClients: { path: '/dashboard/admin/clients', title: 'Admin Clientes' },
    adminHelp: { path: '/dashboard/admin/help', title: 'Configurar Ajuda' },
  },
} as const

export const PRODUCT_NAME = 'Agendo'
