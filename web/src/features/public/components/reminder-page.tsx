import { CheckCircle2Icon, LoaderCircleIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'
import { isApiError } from '@/lib/api-client'
import { STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'

import { useReminderAction, useReminderLink, type ReminderLink } from '../api/reminder-link'
import { useDocumentTitle } from '../hooks/use-document-title'

import { BookingDetails } from './booking-extras'
import { BookingShell } from './manage-booking-page'
import { PublicLoadError, PublicNotFound } from './public-states-lazy'

// A reminder's link (/lembrete/<token>, issue 28): the customer confirms their presence with one
// tap, or (from '?sair=1', the link at the end of every email) stops the reminders by email.

const card = 'grid grid-cols-1 gap-4 rounded-2xl border bg-card p-5 shadow-sm'
const errorBox = 'rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'

/** ReminderPage loads the booking a reminder's link names. */
export function ReminderPage({ token, leaving }: { token: string; leaving: boolean }) {
  const query = useReminderLink(token)
  useDocumentTitle(query.data ? `${leaving ? 'Lembretes por e-mail' : 'Seu horário'} · ${query.data.booking.store.name}` : null)
  if (query.isPending) {
    return (
      <BookingShell>
        <div className="h-72 animate-pulse rounded-2xl bg-muted" aria-busy="true" aria-label="Carregando o agendamento" />
      </BookingShell>
    )
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <PublicNotFound title="Link inválido" text={query.error.message || 'Este link de lembrete é inválido. Fale com a loja.'} />
    }
    return <PublicLoadError onRetry={() => void query.refetch()} />
  }
  return <ReminderView token={token} link={query.data} leaving={leaving} />
}

function ReminderView({ token, link, leaving }: { token: string; link: ReminderLink; leaving: boolean }) {
  const confirm = useReminderAction(token, 'confirm')
  const stop = useReminderAction(token, 'stop')
  const { booking } = link
  const doneRef = useRef<HTMLParagraphElement>(null)
  const justConfirmed = confirm.isSuccess
  const justStopped = stop.isSuccess
  useEffect(() => {
    if (justConfirmed || justStopped) doneRef.current?.focus()
  }, [justConfirmed, justStopped])
  const failure = (e: Error | null) => (e ? (isApiError(e) && e.status !== 0 ? e.message : 'Sem conexão. Confira a internet e tente de novo.') : null)

  const visit = (
      <section aria-labelledby="reminder-title" className={card}>
        <div className="flex items-center justify-between gap-3">
          <h2 id="reminder-title" className="text-lg font-semibold">
            {link.confirmed ? 'Presença confirmada' : 'Seu horário'}
          </h2>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLES[booking.status].badge}`}>{STATUS_LABELS[booking.status]}</span>
        </div>
        {justConfirmed && (
          <p ref={doneRef} tabIndex={-1} role="status" className="flex items-center gap-2 rounded-lg bg-success/10 px-4 py-3 text-sm font-medium text-success outline-none">
            <CheckCircle2Icon className="size-4 shrink-0" aria-hidden="true" />
            Obrigado! {booking.store.name} já sabe que você vem.
          </p>
        )}
        <BookingDetails booking={booking} />
        {link.canConfirm && (
          <button
            type="button"
            className={`${buttonVariants(leaving ? { variant: 'outline' } : { size: 'lg' })} w-full`}
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Confirmar presença
          </button>
        )}
        {confirm.isError && (
          <p role="alert" className={errorBox}>
            {failure(confirm.error)}
          </p>
        )}
        {!link.canConfirm && !link.confirmed && booking.status === 'cancelled' && (
          <p className="rounded-xl bg-muted p-4 text-sm">Este agendamento foi cancelado.</p>
        )}
        <Link to={`/agendamento/${encodeURIComponent(booking.token)}`} className={`${buttonVariants({ variant: 'outline' })} w-full`}>
          Remarcar ou cancelar
        </Link>
      </section>
  )
  const emails = (
      <section aria-labelledby="reminder-emails" className={card}>
        <h2 id="reminder-emails" className="text-base font-semibold">
          Lembretes por e-mail
        </h2>
        {justStopped || !link.subscribed ? (
          <p ref={justStopped ? doneRef : undefined} tabIndex={-1} role="status" className="text-sm outline-none">
            Pronto: {link.email} não recebe mais lembretes de {booking.store.name}. Para voltar a receber, deixe o e-mail no próximo agendamento.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Os lembretes vão para {link.email}. {leaving ? 'Quer parar de recebê-los?' : ''}
            </p>
            <button
              type="button"
              className={`${buttonVariants({ variant: leaving ? 'default' : 'outline' })} w-full`}
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              Não quero mais lembretes por e-mail
            </button>
            {stop.isError && (
              <p role="alert" className={errorBox}>
                {failure(stop.error)}
              </p>
            )}
          </>
        )}
      </section>
  )
  return (
    <BookingShell storeName={booking.store.name} store={{ name: booking.store.name, phone: booking.store.phone, whatsapp: booking.store.whatsapp }}>
      {leaving ? emails : visit}
      {leaving ? visit : emails}
    </BookingShell>
  )
}
