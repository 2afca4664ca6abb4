import { lazy, Suspense } from 'react'
import { Outlet, useMatches } from 'react-router'

// The toaster (sonner) loads just after the first screen instead of inside the entry chunk, and
// not at all on the public pages: they say everything in place, and the store page's first
// load has a budget (DESIGN.md section 12). A page opts out with `handle: { toasts: false }`.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })))

/** RootLayout is every page, with the app's toaster where the page shows toasts. */
export function RootLayout() {
  const toasts = !useMatches().some((m) => (m.handle as { toasts?: boolean } | undefined)?.toasts === false)
  return (
    <>
      <Outlet />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  )
}
