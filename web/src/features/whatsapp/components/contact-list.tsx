import { AlertCircleIcon, MessageCircleIcon, RefreshCwIcon, UsersIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { ChoiceChip } from '@/components/ui/chip'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

import { type InactiveDays, REACTIVATION_DAYS, useWhatsAppList, type WhatsAppContact, type WhatsAppListQuery } from '../api/get-whatsapp-list'
import { useMarkContacted } from '../api/mark-contacted'

import { errorText, firstName, hiddenLabel, withoutConsentLabel } from './whatsapp-labels'

// One WhatsApp list of clients, each with the message ready in a wa.me link: in the Clientes
// sheet, and as 'Clientes para reativar' on Relatórios. Opening a chat tells the server, and the
// client leaves the lists for 7 days.

function emptyText(query: WhatsAppListQuery): { title: ReactNode; text: string } {
  switch (query.kind) {
    case 'inactive':
      return {
        title: (
          <>
            Ninguém sumido há mais de {query.days ?? 30} dias <span aria-hidden="true">🎉</span>
          </>
        ),
        text: 'Todos os clientes voltaram há pouco ou já têm um horário marcado.',
      }
    case 'reward':
      return {
        title: 'Nenhum prêmio esperando para ser usado',
        text: 'Quando um cliente completar um cartão fidelidade, ele aparece aqui para você avisar.',
      }
    case 'level':
      return {
        title: `Nenhum cliente no nível ${query.level ?? ''}`,
        text: 'Os clientes aparecem aqui quando alcançam este nível com as visitas concluídas.',
      }
  }
}

/** How a list names its chat link: the sheet 'Abrir no WhatsApp', Relatórios 'Chamar no WhatsApp'. */
export type ContactAction = 'Abrir no WhatsApp' | 'Chamar no WhatsApp'

/**
 * ContactList shows one list. With `pageSize`, it shows that many clients and a button for more
 * (a page among other things, where hundreds of rows would bury the rest).
 */
export function ContactList({
  query,
  action = 'Abrir no WhatsApp',
  pageSize,
}: {
  query: WhatsAppListQuery
  action?: ContactAction
  pageSize?: number
}) {
  const [limit, setLimit] = useState(pageSize ?? Infinity)
  const list = useWhatsAppList(query)
  const mark = useMarkContacted()
  const listRef = useRef<HTMLUListElement>(null)
  /**
   * The row whose link was used: once it leaves the list, focus goes to the row that took its
   * place (the link that had it is gone), so the keyboard keeps its spot.
   */
  const leaving = useRef<{ phone: string; index: number } | null>(null)

  useEffect(() => {
    const row = leaving.current
    if (!row || list.data?.items.some((c) => c.phone === row.phone)) return
    leaving.current = null
    const at = document.activeElement
    // Unless the owner has moved on to another control meanwhile.
    if (at && at !== document.body && !at.matches('[role="dialog"]') && !listRef.current?.contains(at)) return
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]')
    links?.[Math.min(row.index, links.length - 1)]?.focus()
  }, [list.data])

  if (list.isPending) {
    return (
      <div className="grid grid-cols-1 gap-2" aria-busy="true" aria-label="Carregando a lista">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    )
  }
  if (list.isError) {
    return (
      <ListError
        message={errorText(list.error, 'Não foi possível carregar a lista de clientes.')}
        onRetry={() => void list.refetch()}
      />
    )
  }

  const { items: all, hidden, withoutConsent } = list.data
  const items = all.slice(0, limit)
  const more = all.length - items.length
  const contact = (c: WhatsAppContact, index: number) => {
    leaving.current = { phone: c.phone, index }
    mark.mutate(
      { phone: c.phone },
      {
        onSuccess: () => {
          toast.success(`${firstName(c.name)} sai da lista por 7 dias`, { duration: 3000 })
        },
        onError: (error) => {
          leaving.current = null
          console.error('Erro ao marcar cliente como chamado', error)
          toast.error(`Não foi possível tirar ${firstName(c.name)} da lista`, {
            description: errorText(error, 'Tente de novo em instantes.'),
          })
        },
      },
    )
  }

  return (
    <div className="grid grid-cols-1 gap-3">
      {items.length === 0 ? (
        <Empty {...emptyText(query)} />
      ) : (
        <ul ref={listRef} aria-label="Clientes para chamar" className="grid grid-cols-1 gap-2">
          {items.map((c, i) => (
            <li
              key={c.phone}
              className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{c.name}</p>
                <p className="text-sm break-words text-muted-foreground">{c.detail}</p>
              </div>
              <a
                href={c.link}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(buttonVariants({ variant: 'outline' }), 'w-full sm:w-auto')}
                // The visible words first, then whose chat: each row's link has a name of its own.
                aria-label={`${action} com ${c.name}`}
                onClick={() => contact(c, i)}
              >
                <MessageCircleIcon aria-hidden="true" className="text-success" />
                {action}
              </a>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => setLimit((n) => n + (pageSize ?? more))}>
          Mostrar mais {Math.min(more, pageSize ?? more)} de {more}
        </Button>
      )}
      {hidden > 0 && <p className="text-sm text-muted-foreground">{hiddenLabel(hidden)}</p>}
      {withoutConsent > 0 && (
        <p className="text-sm text-muted-foreground">
          {withoutConsentLabel(withoutConsent)} Registre o consentimento na página do cliente.
        </p>
      )}
    </div>
  )
}

export function Empty({ title, text }: { title: ReactNode; text: string }) {
  return (
    <div role="status" className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <UsersIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-base font-semibold text-balance">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  )
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p>{message}</p>
        <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Tentar novamente
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/**
 * InactiveClients is 'Clientes para reativar': the clients not seen for 30, 60 or 90 days who have
 * nothing booked, each with 'Chamar no WhatsApp'.
 */
export function InactiveClients({ days: choices = REACTIVATION_DAYS }: { days?: readonly InactiveDays[] }) {
  const [days, setDays] = useState<InactiveDays>(choices[0] ?? 30)
  return (
    <div className="grid grid-cols-1 gap-4">
      <DaysChoice name="reactivation-days" choices={choices} value={days} onChange={setDays} className="sm:w-fit" />
      <ContactList query={{ kind: 'inactive', days }} action="Chamar no WhatsApp" pageSize={6} />
    </div>
  )
}

/** DaysChoice is 'Sem visita há' with one chip a number of days, three to a row on a 360 px phone. */
export function DaysChoice({
  name,
  choices,
  value,
  onChange,
  className,
}: {
  name: string
  choices: readonly InactiveDays[]
  value: InactiveDays
  onChange: (days: InactiveDays) => void
  className?: string
}) {
  return (
    <fieldset className="grid grid-cols-1 gap-2">
      <legend className="mb-2 text-sm font-medium">Sem visita há</legend>
      <div className={cn('grid grid-cols-3 gap-2', className)}>
        {choices.map((d) => (
          <ChoiceChip
            key={d}
            name={name}
            value={d}
            label={`${d} dias`}
            checked={value === d}
            onChange={() => onChange(d)}
            className="justify-center px-2 whitespace-nowrap"
          />
        ))}
      </div>
    </fieldset>
  )
}
