import type { ComponentProps } from 'react'

// The store page's icons, drawn here in lucide's style: Instagram and Facebook (lucide ships no
// brand icons) and lucide's calendar-check, message-circle and phone (ISC licence), which as lucide
// imports would each be a chunk of their own on the store page's first load.

const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const

export function InstagramIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...base} {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </svg>
  )
}

export function FacebookIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...base} {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  )
}

export function CalendarCheckIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...base} {...props}>
      <path d="M8 2v3M16 2v3" />
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18m-12 6 2 2 4-4" />
    </svg>
  )
}

export function MessageCircleIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...base} {...props}>
      <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
    </svg>
  )
}

export function PhoneIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...base} {...props}>
      <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
    </svg>
  )
}
