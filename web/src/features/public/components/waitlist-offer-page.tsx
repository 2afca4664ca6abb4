import { CalendarCheckIcon, LoaderCircleIcon } from 'lucide-react'
import { Link, useNavigate } from 'react-router'

import { buttonVariants } from '@/components/ui/button-variants'
import { isApiError } from '@/lib/api-client'

import { useClaimOffer, useWaitlistOffer, type WaitlistOffer } from '../api/waitlist'
import { useDocumentTitle } from '../hooks/use-document-title'

import { BookingShell } from './manage-booking-page'
import { dayLabel } from './month'
import { PublicLoadError, PublicNotFound } from './public-states-lazy'

// A waitlist offer's link (/lista-de-espera/<token>, issue 29): a time freed and held for the
// customer for 30 minutes; one tap books it, and the booking's own page opens.

const card = 'grid grid-cols-1 gap-4 rounded-2xl border bg-card p-5 shadow-sm'

/** WaitlistOfferPage loads the offer a link names. */
export function WaitlistOfferPage({ token }: { token: string }) {
  const query = useWaitlistOffer(token)
  useDocumentTitle(query.data ? `Horário para você · ${query.data.storeName}` : null)
  if (query.isPending) {
    return (
      <BookingShell>
        <div className="h-72 animate-pulse rounded-2xl bg-muted" aria-busy="true" aria-label="Carregando o horário" />
      </BookingShell>
    )
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <PublicNotFound title="Link inválido" text={query.error.message || 'Este link da lista de espera é inválido. Fale com a loja.'} />
    }
    return <PublicLoadError onRetry={() => void query.refetch()} />
  }
  return <OfferView token={token} offer={query.data} />
}

function OfferView({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const claim = useClaimOffer(token)
  const navigate = useNavigate()
  const open = offer.status === 'offered'
  const until = offer.expiresAt ? new Date(offer.expiresAt).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }) : ''
  const failure = claim.error ? (isApiError(claim.error) && claim.error.status !== 0 ? claim.error.message : 'Sem conexão. Confira a internet e tente de novo.') : ''
  return (
    <BookingShell storeName={offer.storeName}>
      <section aria-labelledby="offer-title" className={card}>
        <h2 id="offer-title" className="text-lg font-semibold">
          {open ? `${offer.clientName.split(' ')[0]}, abriu um horário para você` : offer.status === 'booked' ? 'Horário agendado' : 'Esta oferta passou'}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Serviço</dt>
          <dd className="font-medium break-words">{offer.service}</dd>
          <dt className="text-muted-foreground">Profissional</dt>
          <dd className="font-medium break-words">{offer.professional}</dd>
          <dt className="text-muted-foreground">Quando</dt>
          <dd className="font-medium first-letter:uppercase">
            {dayLabel(offer.date)}, às {offer.time}
          </dd>
        </dl>
        {open ? (
          <>
            <p className="text-sm text-muted-foreground">Reservado para você até as {until}. Depois, o horário vai para a próxima pessoa da fila.</p>
            {failure && (
              <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2.5 text-sm text-destructive">
                {failure}
              </p>
            )}
            <button
              type="button"
              disabled={claim.isPending}
              className={buttonVariants({ size: 'lg', className: 'w-full' })}
              onClick={() => claim.mutate(undefined, { onSuccess: (b) => void navigate(`/agendamento/${b.token}`, { replace: true }) })}
            >
              {claim.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CalendarCheckIcon aria-hidden="true" />}
              Confirmar horário
            </button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {offer.status === 'booked'
              ? 'Este horário já foi agendado por este link.'
              : 'O horário não está mais reservado para você. Veja outros horários livres na página da loja.'}
          </p>
        )}
        {offer.storeSlug && !open && (
          <Link to={`/store/${encodeURIComponent(offer.storeSlug)}`} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            Ver horários da loja
          </Link>
        )}
      </section>
    </BookingShell>
  )
}
