import { ChevronDownIcon } from 'lucide-react'
import { type ReactNode, useContext, useId, useState } from 'react'

import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

import { PrintingContext } from '../hooks/printing'

// A part of Relatórios past the three figures an owner checks: one row on a phone (its title and
// a line of what is inside), a tap away; open on a computer, where there is room for all.

export function ReportSection({
  title,
  summary,
  className,
  children,
}: {
  title: string
  /** One line under the title, read with it: what the section holds, or its main figure. */
  summary?: ReactNode
  className?: string
  children: ReactNode
}) {
  const wide = useMediaQuery('(min-width: 64rem)')
  const [open, setOpen] = useState(wide)
  const printing = useContext(PrintingContext)
  const id = useId()
  const shown = open || printing
  return (
    <section aria-labelledby={`${id}-title`} className={cn('rp-card min-w-0 rounded-xl border bg-card shadow-xs', className)}>
      <h2 className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!shown)}
          className="rp-toggle flex min-h-12 w-full items-center gap-3 rounded-xl p-4 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <span id={`${id}-title`} className="block break-words">
              {title}
            </span>
            {summary && <span className="mt-0.5 block text-sm font-normal text-muted-foreground">{summary}</span>}
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className="rp-chevron rp-noprint size-5 shrink-0 text-muted-foreground transition-transform"
          />
        </button>
      </h2>
      {shown && (
        <div id={`${id}-body`} className="rp-section-body flex flex-col gap-4">
          {children}
        </div>
      )}
    </section>
  )
}
