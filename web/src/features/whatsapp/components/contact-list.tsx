import { AlertCircleIcon, ArrowRightIcon, CheckIcon, MessageCircleIcon, PencilIcon, RefreshCwIcon, UsersIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { ChoiceChip } from '@/components/ui/chip'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { LIMITS } from '@/lib/api-limits'
import { countLabel } from '@/lib/format'
import { cn } from '@/lib/utils'
import { openChat } from '@/lib/whatsapp-chat'

import { INACTIVE_DAYS, type InactiveDays, useWhatsAppList, type WhatsAppContact, type WhatsAppListQuery } from '../api/get-whatsapp-list'
import { useMarkContacted } from '../api/mark-contacted'
import { useWhatsAppSession } from '../hooks/use-whatsapp-session'
import { chatLink, keepPlace, messageKey, nextToCall } from '../utils/session'

import { errorText, firstName, hiddenLabel, withoutConsentLabel } from './whatsapp-labels'

// One WhatsApp list of clients, each with the message ready in a wa.me link: in the Clientes
// sheet, and as 'Clientes para reativar' on Relatórios. Opening a chat tells the server, and the
// client leaves the lists for 7 days; in this visit she stays in place, marked, so the owner can
// go down the list one chat after another.

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
    case 'birthday':
      return {
        title: 'Nenhum aniversariante esta semana',
        text: 'Quem tem o aniversário na ficha aparece aqui na semana do aniversário. Anote a data ao editar o cliente ou importe de outro sistema.',
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

/** listKey names a list in the session: its kind and its choice. */
const listKey = (q: WhatsAppListQuery) => [q.kind, q.days ?? '', q.level ?? ''].join('|')

/**
 * ContactList shows one list, each client with the message she will get (the owner can rewrite
 * it before the chat opens). A client whose chat was opened stays in place, marked, with
 * 'Próximo' to go on to the next one. With `pageSize`, it shows that many clients and a button
 * for more (a page among other things, where hundreds of rows would bury the rest).
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
  const [session, updateSession] = useWhatsAppSession()
  const listRef = useRef<HTMLUListElement>(null)
  const key = listKey(query)
  const shown = session.rows[key]
  const rows = useMemo(
    () => (list.data ? keepPlace(shown, list.data.items, session.contacted) : []),
    [list.data, shown, session.contacted],
  )
  // The rows as shown are the owner's place in the list, kept for when the list is fetched again
  // (the server drops whom she has just called) or opened again in this visit.
  useEffect(() => {
    if (!list.data) return
    if (shown && shown.length === rows.length && shown.every((c, i) => c === rows[i])) return
    updateSession((s) => ({ ...s, rows: { ...s.rows, [key]: rows } }))
  }, [list.data, rows, shown, key, updateSession])

  /** Where the focus goes after a render: a row's 'Próximo' or its chat link, by phone. */
  const focusTo = useRef<{ phone: string; what: 'next' | 'chat' } | null>(null)
  useEffect(() => {
    const target = focusTo.current
    if (!target) return
    const el = listRef.current?.querySelector<HTMLElement>(`[data-${target.what}="${CSS.escape(target.phone)}"]`)
    if (!el) return
    focusTo.current = null
    const at = document.activeElement
    // Unless the owner has moved on to another control meanwhile.
    if (at && at !== document.body && !at.matches('[role="dialog"]') && !listRef.current?.contains(at)) return
    el.focus()
    if (target.what === 'chat') showRow(el)
  })

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

  const { hidden, withoutConsent } = list.data
  const items = rows.slice(0, limit)
  const more = rows.length - items.length
  const called = rows.filter((c) => session.contacted[c.phone]).length
  // The server counts those called in this visit among the hidden; here they are still on show.
  const hiddenElsewhere = Math.max(0, hidden - rows.filter((c) => !list.data.items.some((i) => i.phone === c.phone)).length)

  const contact = (c: WhatsAppContact) => {
    mark.mutate(
      { phone: c.phone },
      {
        onSuccess: () => {
          // The session already marks her (useMarkContacted).
          focusTo.current = { phone: c.phone, what: 'next' }
          toast.success(`${firstName(c.name)} sai da lista por 7 dias`, { duration: 3000 })
        },
        onError: (error) => {
          console.error('Erro ao marcar cliente como chamado', error)
          toast.error(`Não foi possível tirar ${firstName(c.name)} da lista`, {
            description: errorText(error, 'Tente de novo em instantes.'),
          })
        },
      },
    )
  }
  const goNext = (index: number) => {
    const next = nextToCall(rows, index, session.contacted)
    const row = rows[next]
    if (!row) return
    if (next >= limit) setLimit(next + 1)
    focusTo.current = { phone: row.phone, what: 'chat' }
    // Focus moves in the effect after this render; a row already on screen needs no new render.
    const el = listRef.current?.querySelector<HTMLElement>(`[data-chat="${CSS.escape(row.phone)}"]`)
    if (el) {
      focusTo.current = null
      el.focus()
      showRow(el)
    }
  }
  const setMessage = (c: WhatsAppContact, text: string | null) =>
    updateSession((s) => {
      const messages = { ...s.messages }
      if (text === null) delete messages[messageKey(c)]
      else messages[messageKey(c)] = text
      return { ...s, messages }
    })

  return (
    <div className="grid grid-cols-1 gap-3">
      {called > 0 && (
        <p role="status" className="text-sm font-medium">
          {called === rows.length
            ? 'Pronto: você chamou todos desta lista.'
            : `Você já chamou ${called.toLocaleString('pt-BR')} de ${countLabel(rows.length, 'cliente', 'clientes')}.`}
        </p>
      )}
      {items.length === 0 ? (
        <Empty {...emptyText(query)} />
      ) : (
        <ul ref={listRef} aria-label="Clientes para chamar" className="grid grid-cols-1 gap-2">
          {items.map((c, i) => (
            <ContactRow
              key={c.phone}
              contact={c}
              action={action}
              done={Boolean(session.contacted[c.phone])}
              text={session.messages[messageKey(c)] ?? c.message}
              onText={(text) => setMessage(c, text === c.message ? null : text)}
              onOpen={() => contact(c)}
              next={(() => {
                const n = nextToCall(rows, i, session.contacted)
                return n < 0 ? undefined : rows[n]
              })()}
              onNext={() => goNext(i)}
            />
          ))}
        </ul>
      )}
      {more > 0 && (
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => setLimit((n) => n + (pageSize ?? more))}>
          Mostrar mais {Math.min(more, pageSize ?? more)} de {more}
        </Button>
      )}
      {hiddenElsewhere > 0 && <p className="text-sm text-muted-foreground">{hiddenLabel(hiddenElsewhere)}</p>}
      {withoutConsent > 0 && (
        <p className="text-sm text-muted-foreground">
          {withoutConsentLabel(withoutConsent)} Registre o consentimento na página do cliente.
        </p>
      )}
    </div>
  )
}

/**
 * ContactRow is one client: who, why, the message she will get (with 'Editar mensagem') and the
 * chat link; once the chat was opened, a mark and 'Próximo'.
 */
function ContactRow({
  contact: c,
  action,
  done,
  text,
  onText,
  onOpen,
  next,
  onNext,
}: {
  contact: WhatsAppContact
  action: ContactAction
  done: boolean
  text: string
  onText: (text: string) => void
  onOpen: () => void
  next: WhatsAppContact | undefined
  onNext: () => void
}) {
  const [editing, setEditing] = useState(false)
  const id = useId()
  // Opening the editor puts the caret in the message; 'Pronto' gives the focus back to 'Editar'.
  const box = useRef<HTMLTextAreaElement>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const moveFocus = useRef(false)
  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    ;(editing ? box.current : editButton.current)?.focus()
  }, [editing])
  const edit = (on: boolean) => {
    moveFocus.current = true
    setEditing(on)
  }
  const first = firstName(c.name)
  return (
    <li className={cn('grid grid-cols-1 gap-3 rounded-xl border bg-card p-3 shadow-xs', done && 'bg-muted/50')}>
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{c.name}</p>
          <p className="text-sm break-words text-muted-foreground">{c.detail}</p>
        </div>
        {done && (
          <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-success">
            <CheckIcon className="size-4" aria-hidden="true" />
            Conversa aberta
          </span>
        )}
      </div>
      {done ? (
        next ? (
          <Button variant="outline" className="w-full min-w-0 sm:w-fit sm:max-w-full" data-next={c.phone} onClick={onNext}>
            <span className="truncate">Próximo: {next.name}</span>
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        ) : null
      ) : (
        <>
          {editing ? (
            <div className="grid grid-cols-1 gap-2">
              <Label htmlFor={id}>Mensagem para {first}</Label>
              <Textarea
                ref={box}
                id={id}
                value={text}
                maxLength={MESSAGE_MAX}
                rows={6}
                aria-describedby={text.trim() === '' ? `${id}-empty` : undefined}
                onChange={(e) => onText(e.target.value)}
              />
              {text.trim() === '' && (
                <p id={`${id}-empty`} className="text-[0.8rem] text-muted-foreground">
                  Sem mensagem, o WhatsApp abre a conversa em branco.
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => edit(false)}>
                  Pronto
                </Button>
                {text !== c.message && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => onText(c.message)}>
                    Voltar à mensagem sugerida
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-1">
              <p className="sr-only">Mensagem:</p>
              <p className="rounded-lg bg-muted/50 p-3 text-sm break-words" style={{ whiteSpace: 'pre-wrap' }}>
                {text.trim() === '' ? <span className="text-muted-foreground">Sem mensagem</span> : text}
              </p>
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
            {!editing && (
              <Button
                ref={editButton}
                type="button"
                variant="ghost"
                className="w-full sm:w-auto"
                aria-label={`Editar mensagem para ${c.name}`}
                onClick={() => edit(true)}
              >
                <PencilIcon aria-hidden="true" />
                Editar mensagem
              </Button>
            )}
            <a
              href={chatLink(c, text)}
              target="_blank"
              rel="noopener noreferrer"
              data-chat={c.phone}
              className={cn(buttonVariants({ variant: 'outline' }), 'w-full sm:w-auto')}
              // The visible words first, then whose chat: each row's link has a name of its own.
              aria-label={`${action} com ${c.name}`}
              onClick={(event) => {
                openChat(event, c.phone, text.trim() === '' ? undefined : text)
                onOpen()
              }}
            >
              <MessageCircleIcon aria-hidden="true" className="text-success" />
              {action}
            </a>
          </div>
        </>
      )}
    </li>
  )
}

/** showRow brings the whole row of a chat link into view, its message above the link included. */
function showRow(link: HTMLElement) {
  link.closest('li')?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
}

/** A message a person would send on WhatsApp, well under what a wa.me link can carry. */
const MESSAGE_MAX = LIMITS.whatsappText

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
 * InactiveClients is 'Clientes para reativar': the clients not seen for INACTIVE_DAYS who have
 * nothing booked, each with 'Chamar no WhatsApp'.
 */
export function InactiveClients({ days: choices = INACTIVE_DAYS }: { days?: readonly InactiveDays[] }) {
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
