import { createContext, useContext } from 'react'

/**
 * RouterResetContext holds the app's way to start its router afresh. React Router keeps a
 * route's failed lazy import for good, so only a new router imports a page's code again (the
 * error screen's 'Tentar novamente' after a failed download). Absent in tests' memory routers.
 */
export const RouterResetContext = createContext<(() => void) | null>(null)

export function useRouterReset() {
  return useContext(RouterResetContext)
}
