import { Navigate, Outlet } from 'react-router'

import { AuthLoadingScreen } from '@/components/layout/loading-screen'
import { paths } from '@/config/paths'
import { useAuth } from '@/lib/auth/auth-context'

/** ProtectedRoute shows its pages only to a signed-in owner (SPEC.md section 2). */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading } = useAuth()
  if (isLoading && !isAuthenticated) return <AuthLoadingScreen />
  if (!isAuthenticated) return <Navigate to={paths.login.path} replace />
  return <Outlet />
}

/**
 * VisitorRoute keeps a signed-in owner away from the sign-in and sign-up pages. It checks the
 * session only in a browser that was signed in: a stranger's refresh could sign nobody in.
 */
export function VisitorRoute() {
  const { isAuthenticated } = useAuth({ onlyIfRemembered: true })
  if (isAuthenticated) return <Navigate to={paths.dashboard.root.path} replace />
  return <Outlet />
}
