import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'

import { Logo } from './logo'
import { CONTENT_ID, SkipLink } from './skip-link'

/** AuthLayout is the centred card of the sign-in, sign-up and password pages. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  useEffect(() => {
    document.title = `${title} · Agendo`
  }, [title])
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 py-10 sm:justify-center sm:py-12">
      <SkipLink />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-linear-to-b from-primary/12 via-brand-to/5 to-transparent"
      />
      <Link to="/login" className="mb-8 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Logo markClassName="size-10" />
      </Link>
      <main id={CONTENT_ID} tabIndex={-1} className="w-full max-w-[26rem] outline-none">
        <div className="rounded-2xl border bg-card px-5 py-7 shadow-lg shadow-primary/5 sm:px-8 sm:py-8">
          <div className="mb-6 space-y-1.5 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {description && <p className="text-sm text-muted-foreground">{description}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
      </main>
      <p className="mt-10 text-xs text-muted-foreground">
        Agendo · agendamentos para salões, barbearias e estúdios de beleza
      </p>
    </div>
  )
}
