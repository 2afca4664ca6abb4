import { useState } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Pager } from '@/components/ui/pager'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { formatTimestamp } from '@/lib/dates'

import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries, type WebhookDelivery } from '../api/get-webhook-deliveries'

const RESULTS: Record<WebhookDelivery['result'], { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' | 'outline' }> = {
  applied: { label: 'Aplicado', variant: 'success' },
  ignored: { label: 'Ignorado', variant: 'secondary' },
  refused: { label: 'Recusado', variant: 'warning' },
  failed: { label: 'Falhou', variant: 'destructive' },
  pending: { label: 'Aguardando cliente', variant: 'outline' },
}

function ResultBadge({ result }: { result: WebhookDelivery['result'] }) {
  const { label, variant } = RESULTS[result]
  return <Badge variant={variant}>{label}</Badge>
}

const dash = <span className="text-muted-foreground">—</span>

/** An event type breaks after its dots, never inside a word: customer.subscription.deleted. */
function EventType({ type }: { type: string }) {
  const parts = type.split('.')
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </span>
  ))
}

/** A refusal or a failure is an error; why an event was ignored is only an explanation. */
const problem = (d: WebhookDelivery) => d.result === 'refused' || d.result === 'failed'

/** The table on a tablet or computer. */
function DeliveriesTable({ items }: { items: WebhookDelivery[] }) {
  const th = 'px-3 py-2 text-left font-medium text-muted-foreground'
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Entregas de webhook, as mais recentes primeiro</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className={th}>Recebido em</th>
            <th scope="col" className={th}>Evento</th>
            <th scope="col" className={th}>Resultado</th>
            <th scope="col" className={th}>Usuário</th>
            <th scope="col" className={th}>Erro</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((d) => (
            <tr key={d.id}>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                <time dateTime={d.receivedAt}>{formatTimestamp(d.receivedAt)}</time>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{d.type ? <EventType type={d.type} /> : dash}</td>
              <td className="px-3 py-2">
                <ResultBadge result={d.result} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{d.user || dash}</td>
              <td className={problem(d) ? 'px-3 py-2 text-destructive' : 'px-3 py-2'}>{d.error || dash}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Cards on a phone: no table wider than the screen. */
function DeliveryCards({ items }: { items: WebhookDelivery[] }) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:hidden">
      {items.map((d) => (
        <li key={d.id} className="grid grid-cols-1 gap-1.5 rounded-lg border p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <time dateTime={d.receivedAt} className="tabular-nums">
              {formatTimestamp(d.receivedAt)}
            </time>
            <ResultBadge result={d.result} />
          </div>
          <p className="font-mono text-xs">{d.type ? <EventType type={d.type} /> : 'Evento sem tipo'}</p>
          {d.user && <p className="break-all text-muted-foreground">{d.user}</p>}
          {d.error && <p className={problem(d) ? 'text-destructive' : 'text-muted-foreground'}>{d.error}</p>}
        </li>
      ))}
    </ul>
  )
}

/** DeliveriesLog is every webhook delivery, the latest first, with a filter for the failures. */
export function DeliveriesLog() {
  const [failures, setFailures] = useState(false)
  const [offset, setOffset] = useState(0)
  const { data, isPending, isError, error, refetch } = useWebhookDeliveries({ failures, offset })

  return (
    <Card role="region" aria-labelledby="deliveries-title">
      <CardHeader>
        <CardTitle id="deliveries-title">Log de entregas</CardTitle>
        <CardDescription>Cada evento que o Stripe enviou, válido ou não; os emails aparecem mascarados.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex items-center gap-2">
          <Switch
            id="deliveries-failures"
            checked={failures}
            onCheckedChange={(next) => {
              setFailures(next)
              setOffset(0)
            }}
          />
          <label htmlFor="deliveries-failures" className="text-sm font-medium">
            Só falhas
          </label>
        </div>
        {isPending ? (
          <div className="grid grid-cols-1 gap-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : isError ? (
          <LoadError error={error} what="o log de entregas" onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {failures ? 'Nenhuma entrega recusada ou com falha.' : 'Nenhuma entrega recebida ainda.'}
          </p>
        ) : (
          <>
            <DeliveriesTable items={data.items} />
            <DeliveryCards items={data.items} />
            <Pager
              offset={offset}
              limit={DELIVERIES_PAGE_SIZE}
              total={data.total}
              onOffsetChange={setOffset}
              noun="entregas"
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
