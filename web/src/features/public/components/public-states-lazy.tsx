import { lazy, Suspense, type ComponentProps } from 'react'

// The not-found and load-error screens, loaded when a page needs one (never on a good load).

const PublicState = lazy(() => import('./public-states').then((m) => ({ default: m.PublicState })))

function Lazy(props: ComponentProps<typeof PublicState>) {
  return (
    <Suspense fallback={<div className="min-h-dvh" />}>
      <PublicState {...props} />
    </Suspense>
  )
}

export function PublicNotFound(props: { title: string; text: string }) {
  return <Lazy kind="not-found" {...props} />
}

export function PublicLoadError(props: { onRetry: () => void }) {
  return <Lazy kind="error" {...props} />
}
