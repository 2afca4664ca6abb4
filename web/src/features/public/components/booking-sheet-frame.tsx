import { ArrowLeftIcon, XIcon } from 'lucide-react'
import type { ReactNode, RefObject } from 'react'

import { STEP_SHORT } from './booking-flow'
import { iconButton } from './booking-sheet-styles'
import type { StepId } from './booking-steps'

/**
 * SheetFrame is the booking sheet around a step: a full-screen sheet on a phone, a dialog on a
 * computer, with Voltar and Fechar, the steps' progress, the step's heading (focused on each
 * step) and, outside the scrolling part, the step's action (`footer`).
 */
export function SheetFrame({
  titleId,
  label,
  heading,
  centered,
  headingRef,
  scrollRef,
  progress,
  announce,
  onBack,
  onClose,
  footer,
  children,
}: {
  titleId: string
  /** The bar's title: the store's name. */
  label: string
  heading: ReactNode
  centered: boolean
  headingRef: RefObject<HTMLHeadingElement | null>
  scrollRef: RefObject<HTMLDivElement | null>
  /** The steps and where the customer is; null once booked. */
  progress: { steps: StepId[]; index: number; step: StepId } | null
  /** What a screen reader hears on each step. */
  announce: string
  /** Voltar, when there is a step to go back to. */
  onBack: (() => void) | undefined
  onClose: () => void
  footer: ReactNode
  children: ReactNode
}) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-foreground/40 sm:items-center sm:p-4"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose()
        }}
        className="flex h-dvh w-full animate-sheet-up flex-col bg-background sm:h-auto sm:max-h-[min(46rem,calc(100dvh-2rem))] sm:max-w-lg overflow-hidden shadow-xl sm:rounded-2xl"
      >
        <div className="flex items-center gap-2 border-b px-2 py-2">
          {onBack ? (
            <button type="button" className={iconButton} onClick={onBack} aria-label="Voltar">
              <ArrowLeftIcon className="size-5" aria-hidden="true" />
            </button>
          ) : (
            <span className="size-11 shrink-0" />
          )}
          <p id={titleId} className="min-w-0 flex-1 truncate text-center text-sm font-semibold">
            {label}
          </p>
          <button type="button" className={iconButton} onClick={onClose} aria-label="Fechar">
            <XIcon className="size-5" aria-hidden="true" />
          </button>
        </div>

        {progress && (
          <div className="px-4 pt-4">
            <ol className="flex gap-1.5" aria-hidden="true">
              {progress.steps.map((s, i) => (
                <li key={s} className={`h-1 flex-1 rounded-full ${i <= progress.index ? 'bg-primary' : 'bg-muted'}`} />
              ))}
            </ol>
            <p className="mt-2 text-xs text-muted-foreground">
              Etapa {progress.index + 1} de {progress.steps.length} · {STEP_SHORT[progress.step]}
            </p>
          </div>
        )}
        <p className="sr-only" aria-live="polite">
          {announce}
        </p>

        <div ref={scrollRef} className="flex-1 overflow-y-auto px-4 pt-3 pb-6">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className={`mb-4 text-xl font-semibold tracking-tight outline-none ${centered ? 'text-center' : ''}`}
          >
            {heading}
          </h2>
          {children}
        </div>
        {footer && (
          // The step's action stays under the thumb: outside the scrolling part, above the
          // keyboard too (the viewport resizes with it: interactive-widget=resizes-content).
          <div className="shrink-0 border-t bg-background px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {footer}
          </div>
        )}
      </div>
    </div>
  )
}
