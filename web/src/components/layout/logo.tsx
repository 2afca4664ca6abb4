import { useId, type ComponentProps } from 'react'

import { clsx } from 'clsx'

/** LogoMark is the app icon: a calendar with a check on the brand gradient. */
// Kept free of cn()/tailwind-merge: it is on the first screen of every page.
export function LogoMark({ className = 'size-9', ...props }: ComponentProps<'svg'>) {
  const gradient = useId()
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" className={className} {...props}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand-from)" />
          <stop offset="1" stopColor="var(--brand-to)" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="112" fill={`url(#${gradient})`} />
      <g fill="none" stroke="#fff" strokeWidth="32" strokeLinecap="round" strokeLinejoin="round">
        <rect x="124" y="144" width="264" height="240" rx="40" />
        <path d="M124 224h264M200 112v64M312 112v64" />
        <path d="M200 302l40 40 76-80" />
      </g>
    </svg>
  )
}

/** Logo is the mark with the product name. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={markClassName} />
      <span className="text-xl font-bold tracking-tight text-foreground">Agendo</span>
    </span>
  )
}
