import { LoaderCircleIcon } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'

import { buttonVariants } from '@/components/ui/button-variants'
import { isApiError } from '@/lib/api-client'
import { maskPhoneInput, toE164BR } from '@/lib/phone'
import { NAME_MAX } from '@/lib/limits'
import { REMINDER_EMAIL_LABEL } from '@/lib/reminder-email'

import { isNetworkError } from '../api/network'
import { useOnline } from '../hooks/use-online'

import { NOTES_MAX, validateContact, type ContactErrors, type ContactValues } from './booking-flow'
import { MessageCircleIcon } from './icons'
import { NetworkNotice } from './network-notice'

const inputClass =
  'flex h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive'

function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-[0.8rem] font-medium text-destructive">
      {message}
    </p>
  )
}

/**
 * DetailsForm is the last step: a summary of the choices, then name, phone (masked as typed)
 * and an optional note. The server's field errors show on their fields. Its button is not
 * here: DetailsFooter sits under the sheet's scrolling part, so it is always on screen.
 */
export function DetailsForm({
  formId,
  values,
  onChange,
  onSubmit,
  error,
  summary,
  storeName,
}: {
  /** The form's id, for the footer's submit button. */
  formId: string
  values: ContactValues
  onChange: (values: ContactValues) => void
  onSubmit: (values: ContactValues, phoneE164: string) => void
  error: Error | null
  summary: [string, string][]
  /** The store's name, in the marketing consent's words. */
  storeName: string
}) {
  const id = useId()
  const [errors, setErrors] = useState<ContactErrors>({})
  const server = isApiError(error) ? error : null
  const serverFields = server?.fields ?? {}
  const shown: ContactErrors = {
    name: errors.name ?? serverFields.clientName,
    phone: errors.phone ?? serverFields.clientPhone,
    notes: errors.notes ?? serverFields.notes,
    email: errors.email ?? serverFields.clientEmail,
  }

  const set = (field: 'name' | 'phone' | 'notes' | 'email', value: string) => {
    onChange({ ...values, [field]: value })
    if (errors[field]) setErrors({ ...errors, [field]: undefined })
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validateContact(values)
    setErrors(found)
    const first = (['name', 'phone', 'email', 'notes'] as const).find((f) => found[f])
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    onSubmit(values, toE164BR(values.phone) ?? values.phone)
  }

  return (
    <form id={formId} noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border bg-card p-4 text-sm">
        {summary.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium first-letter:uppercase">{value}</dd>
          </div>
        ))}
      </dl>


      <div className="grid grid-cols-1 gap-2">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Seu nome
        </label>
        <input
          id={`${id}-name`}
          className={inputClass}
          autoComplete="name"
          maxLength={NAME_MAX}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          aria-invalid={Boolean(shown.name)}
          aria-describedby={shown.name ? `${id}-name-error` : undefined}
        />
        <FieldMessage id={`${id}-name-error`} message={shown.name} />
      </div>

      <div className="grid grid-cols-1 gap-2">
        <label htmlFor={`${id}-phone`} className="text-sm font-medium">
          Telefone (WhatsApp)
        </label>
        <input
          id={`${id}-phone`}
          className={inputClass}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 91234-5678"
          value={values.phone}
          onChange={(e) => set('phone', maskPhoneInput(e.target.value))}
          aria-invalid={Boolean(shown.phone)}
          aria-describedby={shown.phone ? `${id}-phone-error` : `${id}-phone-hint`}
        />
        {shown.phone ? (
          <FieldMessage id={`${id}-phone-error`} message={shown.phone} />
        ) : (
          <p id={`${id}-phone-hint`} className="text-[0.8rem] text-muted-foreground">
            A loja usa este número para falar com você sobre o horário.
          </p>
        )}
      </div>

      <div className="grid grid-cols-1 gap-2">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {REMINDER_EMAIL_LABEL} <span className="font-normal text-muted-foreground">(opcional)</span>
        </label>
        <input
          id={`${id}-email`}
          className={inputClass}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="nome@exemplo.com"
          value={values.email ?? ''}
          onChange={(e) => set('email', e.target.value)}
          aria-invalid={Boolean(shown.email)}
          aria-describedby={shown.email ? `${id}-email-error` : `${id}-email-hint`}
        />
        {shown.email ? (
          <FieldMessage id={`${id}-email-error`} message={shown.email} />
        ) : (
          <p id={`${id}-email-hint`} className="text-[0.8rem] text-muted-foreground">
            Receba a confirmação e um lembrete antes do horário, com um botão para confirmar presença.
          </p>
        )}
      </div>

      <div className="grid grid-cols-1 gap-2">
        <label htmlFor={`${id}-notes`} className="text-sm font-medium">
          Observação <span className="font-normal text-muted-foreground">(opcional)</span>
        </label>
        <textarea
          id={`${id}-notes`}
          className={`${inputClass} h-auto min-h-20 resize-y`}
          maxLength={NOTES_MAX}
          rows={3}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
          aria-invalid={Boolean(shown.notes)}
          aria-describedby={`${id}-notes-count${shown.notes ? ` ${id}-notes-error` : ''}`}
        />
        <p id={`${id}-notes-count`} className="text-right text-[0.8rem] text-muted-foreground">
          {values.notes.length}/{NOTES_MAX}
        </p>
        <FieldMessage id={`${id}-notes-error`} message={shown.notes} />
      </div>

      {/* Marketing needs a yes of its own (LGPD): unticked, and never a condition of booking. */}
      <label htmlFor={`${id}-marketing`} className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input
          id={`${id}-marketing`}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          checked={values.marketing ?? false}
          onChange={(e) => onChange({ ...values, marketing: e.target.checked })}
        />
        <span>
          Quero receber novidades {storeName ? `de ${storeName}` : 'da loja'} pelo WhatsApp
          <span className="block text-[0.8rem] text-muted-foreground">Opcional. Você pode sair quando quiser.</span>
        </span>
      </label>

    </form>
  )
}

/**
 * DetailsFooter is the details step's action, under the sheet's scrolling part so it stays in
 * sight at every phone size and with the keyboard open: 'Confirmar agendamento', or what the
 * last answer asks for (a connection that failed, a store that takes no more online bookings).
 */
export function DetailsFooter({
  formId,
  pending,
  error,
  whatsappHref,
}: {
  formId: string
  pending: boolean
  error: Error | null
  /** The store's WhatsApp chat, for when the store takes no more online bookings ('' without a number). */
  whatsappHref: string
}) {
  const online = useOnline()
  const server = isApiError(error) ? error : null
  // No answer: the booking was not confirmed. It is sent again with the same request id (the
  // server books it once however often it arrives): by itself when the browser is back online,
  // or when the customer taps; what they typed stays.
  const unsent = isNetworkError(error)
  // The store is at its plan's limit: sending again cannot help, the store's WhatsApp can.
  const closed = server?.code === 'plan_limit'
  // A message about the booking as a whole (rate limit); field messages show on the fields.
  const general =
    error && !unsent && !closed && !(server && (server.code === 'conflict' || Object.keys(server.fields).length > 0))
      ? error.message
      : null
  return (
    <div className="grid grid-cols-1 gap-3">
      {general && (
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          {general}
        </div>
      )}
      {unsent && !pending && (
        <NetworkNotice title={online ? BOOKING_FAILED_TITLE : BOOKING_OFFLINE_TITLE}>
          {online ? BOOKING_FAILED_TEXT : BOOKING_OFFLINE_TEXT}
        </NetworkNotice>
      )}
      {closed ? (
        <div role="alert" className="grid grid-cols-1 gap-3 text-sm">
          <p>{server.message}</p>
          {whatsappHref && (
            <a
              href={whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              data-primary-action
              className={`${buttonVariants({ size: 'lg' })} w-full`}
            >
              <MessageCircleIcon className="size-5" />
              Falar com a loja pelo WhatsApp
            </a>
          )}
        </div>
      ) : (
        <button type="submit" form={formId} data-primary-action className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={pending}>
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {pending ? 'Agendando…' : unsent ? 'Tentar de novo' : 'Confirmar agendamento'}
        </button>
      )}
    </div>
  )
}

/** Said when the booking could not be sent because the phone is offline. */
export const BOOKING_OFFLINE_TITLE = 'Sem internet: o agendamento ainda não foi enviado.'
export const BOOKING_OFFLINE_TEXT = 'Ele será enviado sozinho assim que a conexão voltar. Seus dados continuam aqui.'
/** Said when the connection failed while the booking was on its way: it may or may not have arrived. */
export const BOOKING_FAILED_TITLE = 'A conexão falhou e o agendamento não foi confirmado.'
export const BOOKING_FAILED_TEXT = 'Toque em Tentar de novo. Se ele já tiver chegado à loja, não será feito duas vezes.'
