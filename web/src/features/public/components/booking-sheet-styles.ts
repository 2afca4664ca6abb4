// The booking sheet's shared classes.

export const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** A choice's button: the one chosen stands out (its aria-pressed says so to a screen reader). */
export const option = (chosen: boolean) => `${optionClass} ${chosen ? 'border-primary bg-secondary' : 'bg-card'}`

const optionClass =
  'flex w-full items-center gap-3 rounded-xl border p-4 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50'

export const errorBox = 'mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'
