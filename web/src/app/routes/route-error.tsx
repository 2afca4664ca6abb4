import { useEffect } from 'react'
import { useLocation, useNavigate, useRouteError } from 'react-router'

import { ErrorScreen } from '@/components/layout/error-screen'

/** RouteError is every route's error screen; 'Tentar novamente' renders the page again. */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => console.error('Erro inesperado', error), [error])
  return <ErrorScreen onRetry={() => void navigate(location, { replace: true })} />
}
