import { Navigate, type RouteObject } from 'react-router'

import { paths } from '@/config/paths'
import { PublicPageSkeleton } from '@/features/public/components/page-skeleton'

import { ProtectedRoute, VisitorRoute } from './routes/guards'
import { RootLayout } from './routes/root-layout'
import { RouteError } from './routes/route-error'

// Every route of SPEC.md section 2. Pages are loaded on demand, so the public store page and
// the sign-in page never download dashboard code.

const d = paths.dashboard

const promotions = () => import('./routes/dashboard/promotions')

/** The customer's pages show no toasts (root-layout.tsx): their first load stays small. */
const publicPage = { toasts: false }

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      { path: paths.home.path, element: <Navigate to={paths.login.path} replace /> },
      // The public pages' loaders and components load in parallel: the data is on its way
      // while the page's code downloads. `lazy` is a getter so that every router gets its own
      // object: React Router marks the keys of a lazy object as loaded in place. (A lazy
      // HydrateFallback would never load on a client-side navigation and would keep the page
      // blank, so the skeleton is static.)
      {
        path: paths.store.path,
        handle: publicPage,
        hydrateFallbackElement: <PublicPageSkeleton />,
        get lazy() {
          return {
            loader: () => import('./routes/public/loaders').then((m) => m.storeLoader),
            shouldRevalidate: () => import('./routes/public/loaders').then((m) => m.stepsKeepData),
            Component: () => import('./routes/public/store').then((m) => m.StoreRoute),
          }
        },
      },
      {
        path: paths.professional.path,
        handle: publicPage,
        hydrateFallbackElement: <PublicPageSkeleton />,
        get lazy() {
          return {
            loader: () => import('./routes/public/loaders').then((m) => m.professionalLoader),
            shouldRevalidate: () => import('./routes/public/loaders').then((m) => m.stepsKeepData),
            Component: () => import('./routes/public/professional').then((m) => m.ProfessionalRoute),
          }
        },
      },
      {
        path: '/privacidade',
        lazy: () => import('./routes/public/privacy').then((m) => ({ Component: m.PrivacyRoute })),
      },
      {
        path: paths.manage.path,
        handle: publicPage,
        lazy: () => import('./routes/public/manage').then((m) => ({ Component: m.ManageBookingRoute })),
      },
      {
        path: paths.reminder.path,
        handle: publicPage,
        lazy: () => import('./routes/public/reminder').then((m) => ({ Component: m.ReminderRoute })),
      },
      {
        path: paths.waitlistOffer.path,
        handle: publicPage,
        lazy: () => import('./routes/public/waitlist-offer').then((m) => ({ Component: m.WaitlistOfferRoute })),
      },
      {
        path: paths.invitation.path,
        lazy: () => import('./routes/auth/invitation').then((m) => ({ Component: m.InvitationRoute })),
      },
      {
        element: <VisitorRoute />,
        children: [
          {
            path: paths.login.path,
            lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: paths.register.path,
            lazy: () =>
              import('./routes/auth/register').then((m) => ({ Component: m.RegisterRoute })),
          },
          {
            path: paths.forgotPassword.path,
            lazy: () =>
              import('./routes/auth/forgot-password').then((m) => ({
                Component: m.ForgotPasswordRoute,
              })),
          },
          {
            path: paths.resetPassword.path,
            lazy: () =>
              import('./routes/auth/reset-password').then((m) => ({
                Component: m.ResetPasswordRoute,
              })),
          },
        ],
      },
      {
        path: d.root.path,
        element: <ProtectedRoute />,
        children: [
          {
            lazy: () =>
              import('./routes/dashboard/layout').then((m) => ({ Component: m.DashboardLayout })),
            children: [
              {
                // Every page but Planos and the admin pages: at the free limit, or with a plan
                // that needs attention, they give way to Planos (SPEC.md section 2).
                lazy: () =>
                  import('./routes/dashboard/plan-limit-guard').then((m) => ({ Component: m.PlanLimitGuard })),
                children: [
                  {
                    index: true,
                    handle: { title: d.root.title },
                    lazy: () =>
                      import('./routes/dashboard/home').then((m) => ({
                        Component: m.DashboardHomeRoute,
                      })),
                  },
                  {
                    path: 'store',
                    handle: { title: d.store.title },
                    lazy: () => import('./routes/dashboard/store').then((m) => ({ Component: m.StoreRoute })),
                  },
                  {
                    path: 'services',
                    handle: { title: d.services.title },
                    lazy: () =>
                      import('./routes/dashboard/services').then((m) => ({ Component: m.ServicesRoute })),
                  },
                  {
                    path: 'professionals',
                    handle: { title: d.professionals.title },
                    lazy: () =>
                      import('./routes/dashboard/professionals').then((m) => ({
                        Component: m.ProfessionalsRoute,
                      })),
                  },
                  {
                    path: 'appointments',
                    handle: { title: d.appointments.title },
                    lazy: () =>
                      import('./routes/dashboard/appointments').then((m) => ({ Component: m.AppointmentsRoute })),
                  },
                  {
                    path: 'clients',
                    handle: { title: d.clients.title },
                    lazy: () => import('./routes/dashboard/clients').then((m) => ({ Component: m.ClientsRoute })),
                  },
                  {
                    path: 'clients/:phone',
                    handle: { title: d.client.title },
                    lazy: () => import('./routes/dashboard/clients').then((m) => ({ Component: m.ClientRoute })),
                  },
                  {
                    path: 'promotions',
                    handle: { title: d.promotions.title },
                    lazy: () => promotions().then((m) => ({ Component: m.PromotionsRoute })),
                  },
                  {
                    path: 'promotions/:id',
                    handle: { title: d.promotion.title },
                    lazy: () => promotions().then((m) => ({ Component: m.PromotionRoute })),
                  },
                  {
                    path: 'reports',
                    handle: { title: d.reports.title },
                    lazy: () => import('./routes/dashboard/reports').then((m) => ({ Component: m.ReportsRoute })),
                  },
                  {
                    path: 'team',
                    handle: { title: d.team.title },
                    lazy: () => import('./routes/dashboard/team').then((m) => ({ Component: m.TeamRoute })),
                  },
                  {
                    path: 'settings',
                    handle: { title: d.settings.title },
                    lazy: () =>
                      import('./routes/dashboard/settings').then((m) => ({
                        Component: m.SettingsRoute,
                      })),
                  },
                ],
              },
              {
                path: 'plans',
                handle: { title: d.plans.title },
                lazy: () => import('./routes/dashboard/plans').then((m) => ({ Component: m.PlansRoute })),
              },
              {
                // Admins only (SPEC.md section 6); the server answers 403 to anyone else.
                path: 'admin',
                lazy: () => import('./routes/dashboard/admin-route').then((m) => ({ Component: m.AdminRoute })),
                children: [
                  {
                    path: 'plans',
                    handle: { title: d.adminPlans.title },
                    lazy: () =>
                      import('./routes/dashboard/admin-plans').then((m) => ({ Component: m.AdminPlansRoute })),
                  },
                  {
                    path: 'webhooks',
                    handle: { title: d.adminWebhooks.title },
                    lazy: () =>
                      import('./routes/dashboard/admin-webhooks').then((m) => ({
                        Component: m.AdminWebhooksRoute,
                      })),
                  },
                  {
                    path: 'clients',
                    handle: { title: d.adminClients.title },
                    lazy: () => import('./routes/dashboard/admin-clients').then((m) => ({ Component: m.AdminClientsRoute })),
                  },
                  {
                    path: 'help',
                    handle: { title: d.adminHelp.title },
                    lazy: () => import('./routes/dashboard/admin-help').then((m) => ({ Component: m.AdminHelpRoute })),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]
