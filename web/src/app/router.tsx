import { useCallback, useRef, useState } from 'react'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'

import { RouterResetContext } from './router-reset'
import { routes } from './routes'

// Made once, outside React: StrictMode would otherwise build two routers, both listening to
// the browser's history.
const firstRouter = createBrowserRouter(routes)

export function AppRouter() {
  const [router, setRouter] = useState(firstRouter)
  const current = useRef(router)
  // A new router reads the address again and loads its routes' code anew: a page whose code
  // failed to download gets another try, without reloading the app.
  const reset = useCallback(() => {
    const next = createBrowserRouter(routes)
    current.current.dispose()
    current.current = next
    setRouter(next)
  }, [])
  return (
    <RouterResetContext value={reset}>
      <RouterProvider router={router} />
    </RouterResetContext>
  )
}
