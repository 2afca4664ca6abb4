import { AlertCircleIcon, MessageCircleIcon, RefreshCwIcon, UsersIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { ChoiceChip } from '@/components/ui/chip'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs } from '@/components/ui/tabs'
import { isApiError } from '@/lib/api-client'
import { cn } from '@/lib/utils'

import { useLevelNames } from '../api/get-levels'
import {
  INACTIVE_DAYS,
  type InactiveDays,
  useWhatsAppList,
  type WhatsAppContact,
  type WhatsAppListQuery,
} from '../api/get-whatsapp-list'
import { useMarkContacted } from '../api/mark-contacted'

import { firstName, hiddenLabel, withoutConsentLabel } from './whatsapp-labels'

// 'Chamar no WhatsApp' on the Clientes page: lists of clients to write to (not seen for a while,
// with a reward to use, of a loyalty level), each with the message ready in a wa.me link. Opening
// a chat tells the server, and the client leaves the lists for 7 days.

type Kind = WhatsAppListQuery['kind']

const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'inactive', label: 'Sem visita' },
  { value: 'reward', label: 'Com prêmio' },
  { value: 'level', label: 'Por nível' },
]

/** errorText is the server's own message (in Portuguese), or a plain one when there is none. */
function errorText(error: unknown, fallback: string) {
  return isApiError(error) && error.message ? error.message : fallback
}

/** WhatsAppListsButton is the Clientes page's 'Chamar no WhatsApp' and the sheet it opens. */
export function WhatsAppListsButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <MessageCircleIcon aria-hidden="true" className="text-success" />
          Chamar no WhatsApp
        </Button>
      </DialogTrigger>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Chamar no WhatsApp</DialogTitle>
          <DialogDescription>
            Cada cliente já vem com uma mensagem pronta. Quem você chamar sai da lista por 7 dias.
          </DialogDescription>
        </DialogHeader>
        <WhatsAppLists />
      </DialogContent>
    </Dialog>
  )
}

function WhatsAppLists() {
  const [kind, setKind] = useState<Kind>('inactive')
  const [days, setDays] = useState<InactiveDays>(30)
  const [level, setLevel] = useState('')
  const levels = useLevelNames()
  const chosenLevel = level || levels.data?.[0] || ''

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-5 py-5 sm:px-6">
      <Tabs value={kind} onValueChange={setKind} items={KINDS} label="Listas de clientes">
        <div className="grid grid-cols-1 gap-4">
          {kind === 'inactive' && (
            <fieldset className="grid grid-cols-1 gap-2">
              <legend className="mb-2 text-sm font-medium">Sem visita há</legend>
              <div className="grid grid-cols-3 gap-2">
                {INACTIVE_DAYS.map((d) => (
                  <ChoiceChip
                    key={d}
                    name="whatsapp-days"
                    value={d}
                    label={`${d} dias`}
                    checked={days === d}
                    onChange={() => setDays(d)}
                    // Three to a row on a 360 px phone, the tick included.
                    className="justify-center px-2 whitespace-nowrap"
                  />
                ))}
              </div>
            </fieldset>
          )}
          {kind === 'reward' && (
            <p className="text-sm text-muted-foreground">
              Clientes com prêmio para usar: completaram um cartão fidelidade e ainda não usaram o prêmio.
            </p>
          )}
          {kind === 'level' && (
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="whatsapp-level">Nível</Label>
              {levels.isError ? (
                <ListError
                  message={errorText(levels.error, 'Não foi possível carregar os seus níveis de fidelidade.')}
                  onRetry={() => void levels.refetch()}
                />
              ) : (
                <NativeSelect
                  id="whatsapp-level"
                  value={chosenLevel}
                  disabled={levels.isPending}
                  onChange={(e) => setLevel(e.target.value)}
                >
                  {levels.isPending && <option value="">Carregando os níveis…</option>}
                  {levels.data?.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </div>
          )}

          {kind === 'inactive' && <ContactList query={{ kind, days }} />}
          {kind === 'reward' && <ContactList query={{ kind }} />}
          {kind === 'level' && chosenLevel && <ContactList query={{ kind, level: chosenLevel }} />}
          {kind === 'level' && levels.isSuccess && levels.data.length === 0 && (
            <Empty title="Nenhum nível de fidelidade" text="Crie os níveis em Promoções para chamar os clientes de cada um." />
          )}
        </div>
      </Tabs>
    </div>
  )
}

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

function ContactList({ query }: { query: WhatsAppListQuery }) {
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

  const { items, hidden, withoutConsent } = list.data
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
                aria-label={`Abrir no WhatsApp com ${c.name}`}
                onClick={() => contact(c, i)}
              >
                <MessageCircleIcon aria-hidden="true" className="text-success" />
                Abrir no WhatsApp
              </a>
            </li>
          ))}
        </ul>
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

function Empty({ title, text }: { title: ReactNode; text: string }) {
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

function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
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
