import { HourglassIcon, MessageCircleIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { isApiError } from '@/lib/api-client'
import { weekdayShort } from '@/lib/dates'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'

import { useRemoveFromWaitlist, useWaitlist, type WaitlistItem } from '../api/waitlist'

// 'Lista de espera' on Agendamentos (issue 29): who waits for which day, in order. When a time
// frees, the first who fits it is offered it (held 30 minutes): the salon sends the offer by
// WhatsApp with one tap; an email went by itself when the customer left one.

/** WaitlistButton opens the line, with how many wait. */
export function WaitlistButton({ className }: { className?: string }) {
  const list = useWaitlist()
  const [open, setOpen] = useState(false)
  const waiting = list.data?.items.filter((i) => i.status === 'waiting' || i.status === 'offered') ?? []
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <HourglassIcon aria-hidden="true" />
          Lista de espera{waiting.length > 0 && ` (${waiting.length})`}
        </Button>
      </DialogTrigger>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Lista de espera</DialogTitle>
          <DialogDescription>
            Clientes esperando um horário em dias lotados. Quando alguém desmarcar, o primeiro da fila recebe o horário, reservado por 30 minutos.
          </DialogDescription>
        </DialogHeader>
        <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-5 sm:px-6">
          {list.isPending ? (
            <div className="h-32 animate-pulse rounded-xl bg-muted" aria-busy="true" />
          ) : list.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Não foi possível carregar a lista de espera.
            </p>
          ) : waiting.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Ninguém na fila. Na página da loja, quem encontra um dia lotado pode entrar na lista de espera.
            </p>
          ) : (
            <ol className="grid grid-cols-1 gap-2">
              {waiting.map((item, i) => (
                <Entry key={item.id} item={item} first={i === 0 || waiting[i - 1]?.date !== item.date} />
              ))}
            </ol>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}

function Entry({ item, first }: { item: WaitlistItem; first: boolean }) {
  const remove = useRemoveFromWaitlist()
  const until = item.offerExpiresAt ? new Date(item.offerExpiresAt).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }) : ''
  return (
    <li className="grid grid-cols-1 gap-2">
      {first && (
        <h3 className="text-sm font-semibold">
          {weekdayShort(item.date)} {formatDate(item.date)}
        </h3>
      )}
      <div className="grid grid-cols-1 gap-2 rounded-lg border bg-card p-3 text-sm">
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="min-w-0 font-medium break-words">{item.clientName}</span>
          <span className="text-muted-foreground tabular-nums">{formatPhone(item.clientPhone)}</span>
        </p>
        <p className="text-muted-foreground">
          {item.serviceName} · {item.professionalName || 'qualquer profissional'}
        </p>
        {item.status === 'offered' && (
          <p className="font-medium text-success">
            Horário oferecido: {item.offerTime}, reservado até as {until}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {item.status === 'offered' && item.whatsapp && (
            <Button asChild size="sm" className="min-h-11">
              <a href={item.whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircleIcon aria-hidden="true" />
                Enviar pelo WhatsApp
              </a>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => toast.success(`${item.clientName.split(' ')[0]} saiu da lista de espera`),
                onError: (error) => toast.error(isApiError(error) && error.message ? error.message : 'Não foi possível tirar da fila.'),
              })
            }
          >
            <XIcon aria-hidden="true" />
            Tirar da fila
          </Button>
        </div>
      </div>
    </li>
  )
}
