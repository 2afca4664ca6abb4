import type { Dashboard } from '@/features/appointments/api/get-dashboard'
import { FREE_PLAN } from '@/features/plans/api/get-plan'
import type { PlanOverview } from '@/features/plans/api/get-plan-overview'
import type { Store } from '@/features/store/api/get-store'
import { defaultWorkingHours } from '@/lib/working-hours'

import { cacheProfile, json, mockApi, never, sessionResponse } from './api-mock'

// Test data for the dashboard pages. Tests import features here; the app does not.

export function storeFixture(overrides: Partial<Store> = {}): Store {
  return {
    id: 'store-1',
    userId: 'user-1',
    name: 'Salão Bela Vida',
    description: 'Cortes e coloração.',
    phone: '+5511934567890',
    address: 'Rua das Flores, 10',
    logo: null,
    bookingFlow: 'service-first',
    heroGradient: 'linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)',
    workingHours: defaultWorkingHours(),
    socialMedia: { instagram: 'salaobela', facebook: '', whatsapp: '' },
    paymentSettings: {
      acceptedMethods: ['cash', 'credit_card'],
      pixKey: '',
      pixKeyType: '',
      pixReceiverName: '',
      pixCity: '',
    },
    slug: 'salao-bela-vida',
    timeZone: 'America/Sao_Paulo',
    minNoticeMin: 60,
    horizonDays: 60,
    createdAt: '2026-01-01T12:00:00Z',
    updatedAt: '2026-01-01T12:00:00Z',
    ...overrides,
  }
}

/** planOverviewFixture is Planos for a free owner with 3 of 10 appointments, Stripe configured. */
export function planOverviewFixture(overrides: Partial<PlanOverview> = {}): PlanOverview {
  return {
    plan: FREE_PLAN,
    usage: { count: 3, limit: 10, progress: 30, remaining: 7, unlimited: false },
    config: {
      freeLimit: 10,
      premiumPrice: 2999,
      freePlan: { name: 'Gratuito', features: ['Até 10 agendamentos', 'Cadastro de clientes', 'Agenda básica', 'Suporte por email'] },
      premiumPlan: {
        name: 'Premium',
        features: ['Agendamentos ilimitados', 'Relatórios avançados', 'Promoções e campanhas', 'Suporte prioritário'],
      },
    },
    checkoutUrl: 'https://buy.stripe.com/test_123?client_reference_id=user-1&prefilled_email=maria%40salao.com.br',
    portalUrl: 'https://billing.stripe.com/p/login/test_123',
    ...overrides,
  }
}

/** emptyDashboardFixture is the home page's data for an owner with nothing booked. */
export function emptyDashboardFixture(): Dashboard {
  return {
    today: '2026-03-02',
    todayAppointments: [],
    tomorrowAppointments: [],
    todayCount: 0,
    weekCount: 0,
    monthRevenue: 0,
    clients: 0,
    completionRate: 0,
    plan: FREE_PLAN,
    usage: { count: 3, limit: 10, progress: 30, remaining: 7, unlimited: false },
    nextDays: [],
  }
}

/**
 * dashboardShell is what every dashboard page asks for besides its own data: the event stream
 * (open, silent), Planos, nobody turned away this month, no account deletion pending, the help
 * channels, the onboarding done, the home page's data, empty, and no other salon to switch to.
 */
export function dashboardShell(): Parameters<typeof mockApi>[0] {
  return {
    'GET /api/v1/events': never,
    'GET /api/v1/plan/overview': json(200, planOverviewFixture()),
    'GET /api/v1/plan/turned-away': json(200, {
      month: '2026-03',
      count: 0,
      limited: false,
      full: false,
      checkoutUrl: planOverviewFixture().checkoutUrl,
    }),
    'GET /api/v1/account/deletion': json(200, { pending: false, requestedAt: null, deleteAfter: null }),
    'GET /api/v1/settings/help': json(200, { websiteUrl: 'https://a.b', whatsappNumber: '1' }),
    'GET /api/v1/onboarding': json(200, {
      steps: { store: true, professional: true, service: true },
      complete: true,
    }),
    'GET /api/v1/dashboard': json(200, emptyDashboardFixture()),
    'GET /api/v1/services': json(200, []),
    'GET /api/v1/professionals': json(200, []),
    'GET /api/v1/waitlist': json(200, { items: [] }),
    'GET /api/v1/stores': json(200, []),
    'GET /api/v1/store/reminders': json(200, {
      email: true,
      push: true,
      dayBefore: '18:00',
      hoursBefore: [],
      quietFrom: '21:00',
      quietTo: '08:00',
      note: '',
    }),
    'GET /api/v1/appointments/*/messages': json(200, { email: '', items: [] }),
    'GET /api/v1/calendar-feeds': json(200, { items: [] }),
  }
}

/** signedIn mocks a returning owner with a store, a free plan and the onboarding done. */
export function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  cacheProfile()
  return mockApi({
    ...dashboardShell(),
    'POST /api/v1/auth/refresh': json(200, sessionResponse()),
    'GET /api/v1/store': json(200, storeFixture()),
    'GET /api/v1/plan': json(200, FREE_PLAN),
    'GET /api/v1/auth/access': json(200, { isAdmin: false }),
    ...routes,
  })
}
