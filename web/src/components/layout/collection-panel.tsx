import type { LucideIcon } from 'lucide-react'
import { PlusIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { LoadError } from './load-error'

export type CollectionPanelProps<T> = {
  /** What the list is, in a sentence above it. */
  intro: ReactNode
  /** The list's query: its items, oldest or newest first as the list wants them. */
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  /** The list's name in 'Não foi possível carregar …' ('os serviços'). */
  what: string
  /**
   * The 'Novo …' button. Beside the intro; with `emptyOnly`, it waits for the first item and
   * sits in the empty state instead, under the text that explains what to create.
   */
  add: { label: string; onClick: () => void; emptyOnly?: boolean }
  empty: { icon: LucideIcon; title: string; text: ReactNode }
  /** The height of a card's placeholder while the list loads ('h-44'). */
  placeholder: string
  itemKey: (item: T) => string
  children: (item: T) => ReactNode
  /** The dialogs the cards open. */
  dialogs?: ReactNode
}

/**
 * CollectionPanel is the shape of the owner's lists of things (services, professionals,
 * promotions): a sentence and a 'Novo …' button, then placeholders, an error with a retry, an
 * empty state that says what to do, or a grid of cards.
 */
export function CollectionPanel<T>({ intro, query, what, add, empty, placeholder, itemKey, children, dialogs }: CollectionPanelProps<T>) {
  const { data, isPending, isError, error, refetch } = query
  const Icon = empty.icon
  const button = (
    <Button onClick={add.onClick} className="w-full sm:w-auto">
      <PlusIcon aria-hidden="true" />
      {add.label}
    </Button>
  )
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{intro}</p>
        {(!add.emptyOnly || (data && data.length > 0)) && button}
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className={`${placeholder} rounded-xl`} />
          ))}
        </div>
      ) : isError || !data ? (
        <LoadError onRetry={() => void refetch()} what={what} error={error} />
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-4 text-base font-semibold">{empty.title}</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">{empty.text}</p>
          {add.emptyOnly && <div className="mt-5 w-full sm:w-auto">{button}</div>}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((item) => (
            <li key={itemKey(item)} className="grid min-w-0 grid-cols-1">
              {children(item)}
            </li>
          ))}
        </ul>
      )}

      {dialogs}
    </div>
  )
}
