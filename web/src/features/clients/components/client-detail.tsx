import { MessageCircleIcon, PencilIcon, TrendingUpIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'

import { BackLink, DetailState } from '@/components/layout/detail-state'
import { Button } from '@/components/ui/button'
import { LevelBadge } from '@/components/ui/level-badge'
import { PAYMENT_LABELS, STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'
import { weekdayShort } from '@/lib/dates'
import { countLabel, formatDate } from '@/lib/format'
import { formatBRL, keepMoneyTogether } from '@/lib/money'
import { formatPhone, isAnonymousPhone, isMaskedPhone, MASKED_PHONE_HINT } from '@/lib/phone'
import { withPreposition } from '@/lib/pt-br'
import { chatHref, openChat } from '@/lib/whatsapp-chat'
import { cn, firstName, initials } from '@/lib/utils'

import { type ClientAppointment, useClient } from '../api/get-client'
import type { Client } from '../api/get-clients'
import { ClientConsent } from './client-consent'
import { ClientPrivacy } from './client-privacy'
import { EditClientDialog } from './client-form-dialog'
import { ClientRecord } from './client-record'

/** The names the history shows, from the services and professionals the page composes in. */
export type HistoryNames = { service: (id: string) => string | undefined; professional: (id: string) => string | undefined }

/**
 * ClientDetail is one client's page: figures, loyalty level and what the next one needs, the
 * record the salon keeps (notes, birthday, tags, another phone, email), the whole history
 * (newest first), a WhatsApp button, the edit of all of it, and the client's LGPD requests
 * (export, anonymise). `rewards` (their loyalty cards) goes between the
 * figures and the history. An anonymised client has no phone to call and no name to edit.
 */
export function ClientDetail({
  phone,
  names,
  storeName,
  backPath,
  rewards,
  onPhoneChanged,
  onDeleted,
}: {
  /** As in the address: "5511912345678". */
  phone: string
  names: HistoryNames
  storeName?: string
  backPath: string
  /** The client's loyalty cards, from the page that composes it. */
  rewards?: (client: Client) => ReactNode
  onPhoneChanged: (client: Client) => void
  /** After a client without appointments is deleted. */
  onDeleted: () => void
}) {
  const { data: client, isPending, isError, error, refetch } = useClient(phone)
  const [editing, setEditing] = useState(false)

  const back = <BackLink to={backPath}>Todos os clientes</BackLink>

  if (isPending || isError) {
    return (
      <DetailState
        back={back}
        pending={isPending}
        error={error}
        notFound="Nenhum cliente com este telefone. O cliente pode ter mudado de número."
        what="o cliente"
        onRetry={() => void refetch()}
      />
    )
  }

  const anonymous = isAnonymousPhone(client.phone)
  const greeting = `Olá, ${firstName(client.name)}!${storeName ? ` Aqui é ${withPreposition('de', storeName)}.` : ''}`
  const figures: [string, string][] = [
    ['Agendamentos', client.appointmentCount.toLocaleString('pt-BR')],
    ['Concluídos', client.completedAppointments.toLocaleString('pt-BR')],
    ['Total gasto', formatBRL(client.totalSpent)],
    ['Taxa de conclusão', `${client.completionRate}%`],
    ['Última visita', client.lastVisit ? formatDate(client.lastVisit) : '—'],
  ]

  return (
    <div className="grid grid-cols-1 gap-5">
      {back}
      <section aria-labelledby="client-detail-name" className="grid grid-cols-1 gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-lg font-semibold text-secondary-foreground"
            >
              {initials(client.name)}
            </span>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <h2 id="client-detail-name" className="min-w-0 text-xl font-semibold tracking-tight break-words">
                  {client.name}
                </h2>
                <LevelBadge level={client.level} />
              </div>
              <p className="text-muted-foreground tabular-nums" title={isMaskedPhone(client.phone) ? MASKED_PHONE_HINT : undefined}>
                {formatPhone(client.phone)}
              </p>
            </div>
          </div>
          {!anonymous && (
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Button asChild>
                <a
                  href={chatHref(client.phone, greeting)}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={(event) => openChat(event, client.phone, greeting)}
                >
                  <MessageCircleIcon aria-hidden="true" />
                  WhatsApp
                </a>
              </Button>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden="true" />
                Editar
              </Button>
            </div>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(([term, value]) => (
            <div key={term} className="rounded-lg bg-muted/60 px-3 py-2.5">
              <dt className="text-xs text-muted-foreground">{term}</dt>
              <dd className="mt-0.5 font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {client.nextMilestone && (
          <p className="-mt-2 flex items-start gap-2 text-sm text-muted-foreground">
            <TrendingUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {/* "R$ 120,00" stays on one line. */}
            {keepMoneyTogether(client.nextMilestone.text)}
          </p>
        )}
      </section>

      {!anonymous && <ClientRecord client={client} onDeleted={onDeleted} onEdit={() => setEditing(true)} />}

      {rewards?.(client)}

      {!anonymous && <ClientConsent phone={client.phone} />}

      <section aria-labelledby="client-history" className="grid grid-cols-1 gap-3">
        <h2 id="client-history" className="text-base font-semibold">
          Histórico <span className="font-normal text-muted-foreground">({countLabel(client.appointments.length, 'agendamento', 'agendamentos')})</span>
        </h2>
        {client.appointments.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
            Nenhum agendamento ainda. Quando este cliente agendar, o histórico aparece aqui.
          </p>
        ) : (
          <ol className="grid grid-cols-1 gap-2">
            {client.appointments.map((a) => (
              <HistoryItem key={a.id} appointment={a} names={names} />
            ))}
          </ol>
        )}
      </section>

      <ClientPrivacy
        client={client}
        onAnonymized={(done) => onPhoneChanged({ ...client, phone: done.phone, name: done.name })}
      />

      <EditClientDialog
        client={client}
        open={editing}
        onOpenChange={setEditing}
        onSaved={(saved) => {
          setEditing(false)
          onPhoneChanged(saved)
        }}
      />
    </div>
  )
}

function HistoryItem({ appointment: a, names }: { appointment: ClientAppointment; names: HistoryNames }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-3 shadow-xs sm:items-center sm:p-4">
      <span aria-hidden="true" className={cn('mt-1 h-9 w-1 shrink-0 rounded-full sm:mt-0', STATUS_STYLES[a.status].dot)} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          <span className="tabular-nums">
            {weekdayShort(a.date)} {formatDate(a.date)}
          </span>{' '}
          às <span className="tabular-nums">{a.time}</span>
        </p>
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">
          {names.service(a.serviceId) ?? 'Serviço excluído'} com {names.professional(a.professionalId) ?? 'profissional excluído'}
          {a.paymentMethod && ` · ${PAYMENT_LABELS[a.paymentMethod]}`}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_STYLES[a.status].badge)}>
          {STATUS_LABELS[a.status]}
        </span>
        {a.price !== null && <span className="text-sm tabular-nums">{formatBRL(a.price)}</span>}
      </div>
    </li>
  )
}
