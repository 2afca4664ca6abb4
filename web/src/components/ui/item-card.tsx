import { Trash2Icon } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

// The card of one thing in an owner's list (a service, a professional, a promotion): a bordered
// article named by its heading, and a bar of actions at its foot, the delete last.

/** ItemCard is the card's frame; `titleId` is its heading's id, which names it. */
export function ItemCard({ titleId, className, children }: { titleId: string; className?: string; children: ReactNode }) {
  return (
    <article aria-labelledby={titleId} className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)}>
      {children}
    </article>
  )
}

/** ItemCardActions is the bar at the card's foot. */
export function ItemCardActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mt-auto flex items-center gap-2 border-t pt-3', className)}>{children}</div>
}

/** DeleteItemButton is the bar's last button, a bin named 'Excluir <name>'. */
export function DeleteItemButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive" onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
      <span className="sr-only">Excluir {name}</span>
    </Button>
  )
}
