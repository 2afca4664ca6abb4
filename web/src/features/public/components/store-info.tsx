import { buttonVariants } from '@/components/ui/button-variants'
import { formatPhone, telLink } from '@/lib/phone'
import type { Weekday, WorkingHours } from '@/lib/working-hours'

import type { PublicStoreInfo } from '../api/types'

import { FacebookIcon, InstagramIcon, MessageCircleIcon } from './icons'
import { weekdayKey } from './labels'

// Copies of lib/working-hours' and lib/appointment-status' names: importing those modules
// would add their chunks to the store page's first load.
const WEEKDAYS: { key: Weekday; label: string }[] = [
  { key: 'monday', label: 'Segunda' },
  { key: 'tuesday', label: 'Terça' },
  { key: 'wednesday', label: 'Quarta' },
  { key: 'thursday', label: 'Quinta' },
  { key: 'friday', label: 'Sexta' },
  { key: 'saturday', label: 'Sábado' },
  { key: 'sunday', label: 'Domingo' },
]

const PAYMENT_LABELS: Record<string, string> = {
  pix: 'Pix',
  cash: 'Dinheiro',
  credit_card: 'Cartão de crédito',
  debit_card: 'Cartão de débito',
}
import { greetingLink, mapsLink, socialLink, storeWhatsapp } from './links'

/** OpeningHours lists the week from Monday, today highlighted and closed days marked. */
export function OpeningHours({ hours, today }: { hours: WorkingHours; today: string }) {
  const todayKey = weekdayKey(today)
  return (
    <ul className="grid grid-cols-1 gap-0.5 text-sm">
      {WEEKDAYS.map(({ key, label }) => {
        const day = hours[key]
        const isToday = key === todayKey
        return (
          <li
            key={key}
            aria-current={isToday ? 'date' : undefined}
            className={`flex items-center justify-between gap-3 rounded-md px-2 py-1.5 ${isToday ? 'bg-secondary font-semibold text-secondary-foreground' : ''}`}
          >
            <span>
              {label}
              {isToday && <span className="font-normal"> (hoje)</span>}
            </span>
            {day?.isOpen ? (
              <span className="tabular-nums">
                {day.open} – {day.close}
              </span>
            ) : (
              <span className={isToday ? '' : 'text-muted-foreground'}>Fechado</span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function InfoBlock({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </div>
  )
}

/** StoreInfo is the store's address, hours, contacts and payment methods. */
export function StoreInfo({ store }: { store: PublicStoreInfo }) {
  const instagram = socialLink('instagram', store.socialMedia.instagram)
  const facebook = socialLink('facebook', store.socialMedia.facebook)
  const whatsapp = storeWhatsapp(store)
  const payments = store.acceptedPayments.filter((p) => p in PAYMENT_LABELS)
  return (
    <section aria-labelledby="info-title" className="grid grid-cols-1 gap-6 rounded-2xl border bg-card p-5 shadow-sm">
      <h2 id="info-title" className="text-lg font-semibold">
        Informações
      </h2>
      {store.address && (
        <InfoBlock title="Endereço">
          <p className="text-sm break-words text-muted-foreground">{store.address}</p>
          <a
            href={mapsLink(store.address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-primary hover:underline sm:min-h-0"
          >
            Ver no mapa
          </a>
        </InfoBlock>
      )}
      <InfoBlock title="Horário de funcionamento">
        <OpeningHours hours={store.workingHours} today={store.today} />
      </InfoBlock>
      {(store.phone || whatsapp || instagram || facebook) && (
        <InfoBlock title="Contato">
          {store.phone && (
            <a
              href={telLink(store.phone)}
              className="inline-flex min-h-11 w-fit items-center text-sm hover:underline sm:min-h-0"
            >
              {formatPhone(store.phone)}
            </a>
          )}
          <div className="flex flex-wrap gap-2">
            {whatsapp && (
              <a
                href={greetingLink(whatsapp, store.name)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <MessageCircleIcon aria-hidden="true" />
                WhatsApp
              </a>
            )}
            {instagram && (
              <a
                href={instagram}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <InstagramIcon />
                Instagram
              </a>
            )}
            {facebook && (
              <a
                href={facebook}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <FacebookIcon />
                Facebook
              </a>
            )}
          </div>
        </InfoBlock>
      )}
      {payments.length > 0 && (
        <InfoBlock title="Formas de pagamento">
          <ul className="flex flex-wrap gap-1.5">
            {payments.map((p) => (
              <li key={p} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                {PAYMENT_LABELS[p]}
              </li>
            ))}
          </ul>
        </InfoBlock>
      )}
    </section>
  )
}
