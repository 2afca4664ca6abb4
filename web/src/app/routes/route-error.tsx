import { useEffect } from 'react'
import { useLocation, useNavigate, useRouteError } from 'react-router'

import { ErrorScreen } from '@/components/layout/error-screen'

import { useRouterReset } from '../router-reset'

/**
 * RouteError is every route's error screen. 'Tentar novamente' starts the router afresh, which
 * loads the page's data and code again (a failed download of a page's code included); without
 * that (a test's memory router) it renders the page again.
 */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  const reset = useRouterReset()
  useEffect(() => console.error('Erro inesperado', error), [error])
  return <ErrorScreen onRetry={() => (reset ? reset() : void navigate(location, { replace: true }))} />
}
