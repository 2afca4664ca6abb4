import { Navigate, type RouteObject } from 'react-router'

import { paths } from '@/config/paths'

import { ProtectedRoute, VisitorRoute } from './routes/guards'
import { RouteError } from './routes/route-error'

// Every route of SPEC.md section 2. Pages are loaded on demand, so the public store page and
// the sign-in page never download dashboard code.

const d = paths.dashboard

const comingSoon = () =>
  import('./routes/dashboard/coming-soon').then((m) => ({ Component: m.ComingSoonRoute }))

const dashboardPage = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: comingSoon,
})

export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      { path: paths.home.path, element: <Navigate to={paths.login.path} replace /> },
      {
        path: paths.store.path,
        lazy: () => import('./routes/public/store').then((m) => ({ Component: m.StoreRoute })),
      },
      {
        path: paths.professional.path,
        lazy: () =>
          import('./routes/public/professional').then((m) => ({ Component: m.ProfessionalRoute })),
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
              dashboardPage('promotions', d.promotions.title),
              dashboardPage('reports', d.reports.title),
              dashboardPage('plans', d.plans.title),
              {
                path: 'settings',
                handle: { title: d.settings.title },
                lazy: () =>
                  import('./routes/dashboard/settings').then((m) => ({
                    Component: m.SettingsRoute,
                  })),
              },
              dashboardPage('admin/plans', d.adminPlans.title),
              dashboardPage('admin/clients', d.adminClients.title),
              dashboardPage('admin/help', d.adminHelp.title),
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
