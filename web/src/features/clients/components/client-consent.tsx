import { LoaderCircleIcon, MessageCircleIcon, MessageCircleOffIcon } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import type { ConsentInput } from '@/lib/api-schema'
import { isApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format'

import { useClientConsent, useRecordConsent } from '../api/client-consent'

const SOURCE_LABELS: Record<string, string> = {
  booking_page: 'na página de agendamento',
  manage_link: 'no link do agendamento',
  in_person: 'pessoalmente',
  whatsapp: 'pelo WhatsApp',
}

/**
 * ClientConsent shows whether the client agreed to receive the salon's news on WhatsApp — only
 * they are in the WhatsApp lists — with when and where, and records a yes given in person or a
 * 'SAIR'. Reminders of appointments do not depend on it.
 */
export function ClientConsent({ phone }: { phone: string }) {
  const consent = useClientConsent(phone)
  const record = useRecordConsent(phone)
  if (!consent.data) return null
  const { granted, history, text } = consent.data
  const last = history.at(-1)
  const save = (input: ConsentInput, done: string) =>
    record.mutate(input, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível registrar. Tente de novo.'),
    })
  const busy = (source: string, to: boolean) =>
    record.isPending && record.variables.source === source && record.variables.granted === to

  return (
    <section aria-labelledby="client-consent" className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="grid grid-cols-1 gap-1">
        <h2 id="client-consent" className="text-base font-semibold">
          Novidades pelo WhatsApp
        </h2>
        <p className="text-sm">
          {granted ? 'Aceita receber novidades.' : last ? 'Pediu para não receber novidades.' : 'Ainda não aceitou receber novidades.'}{' '}
          {last && (
            <span className="text-muted-foreground">
              Registrado em {formatDate(last.createdAt)} {SOURCE_LABELS[last.source] ?? ''}.
            </span>
          )}
        </p>
        <p className="text-[0.8rem] text-muted-foreground">
          Só quem aceitou aparece nas listas do WhatsApp. Os lembretes de horário não dependem disso. Texto: “{text}”.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        {granted ? (
          <Button
            variant="outline"
            disabled={record.isPending}
            onClick={() => save({ granted: false, source: 'whatsapp' }, 'Registrado: o cliente pediu para sair')}
          >
            {busy('whatsapp', false) ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <MessageCircleOffIcon aria-hidden="true" />}
            Registrar pedido para sair (SAIR)
          </Button>
        ) : (
          <>
            <Button
              variant="outline"
              disabled={record.isPending}
              onClick={() => save({ granted: true, source: 'in_person' }, 'Consentimento registrado')}
            >
              {busy('in_person', true) ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <MessageCircleIcon aria-hidden="true" />}
              Aceitou pessoalmente
            </Button>
            <Button
              variant="outline"
              disabled={record.isPending}
              onClick={() => save({ granted: true, source: 'whatsapp' }, 'Consentimento registrado')}
            >
              {busy('whatsapp', true) ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <MessageCircleIcon aria-hidden="true" />}
              Aceitou pelo WhatsApp
            </Button>
          </>
        )}
      </div>
    </section>
  )
}
