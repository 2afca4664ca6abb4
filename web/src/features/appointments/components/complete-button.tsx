import { CheckCheckIcon, ChevronDownIcon } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { PAYMENT_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/appointment-status'
import { cn } from '@/lib/utils'

import type { Appointment } from '../api/get-appointments'
import { useCatalog, usualPaymentMethod } from './catalog-context'

/** Short names for the split button, where 'Cartão de crédito' would not fit beside 'Concluir'. */
const SHORT: Record<PaymentMethod, string> = {
  pix: 'Pix',
  cash: 'Dinheiro',
  credit_card: 'Crédito',
  debit_card: 'Débito',
  other: 'Outro',
}

/**
 * CompleteButton is 'Concluir' with how the client paid: one tap records the usual method
 * (named beside it), and the part beside it opens the choices, the usual one ticked, with
 * 'Concluir' to finish. Relatórios count what it records.
 */
export function CompleteButton({
  appointment,
  compact,
  disabled,
  onComplete,
}: {
  appointment: Appointment
  compact: boolean
  disabled: boolean
  onComplete: (paymentMethod: PaymentMethod) => void
}) {
  const usual = usualPaymentMethod(useCatalog(), appointment.paymentMethod)
  const [choosing, setChoosing] = useState(false)
  return (
    <div className="flex">
      <Button
        size={compact ? 'icon-sm' : 'sm'}
        disabled={disabled}
        title={compact ? `Concluir (${PAYMENT_LABELS[usual]})` : undefined}
        aria-label={compact ? 'Concluir' : undefined}
        className="rounded-r-none"
        onClick={(event) => {
          event.stopPropagation()
          onComplete(usual)
        }}
      >
        <CheckCheckIcon aria-hidden="true" />
        {!compact && 'Concluir'}
      </Button>
      <Button
        size={compact ? 'icon-sm' : 'sm'}
        disabled={disabled}
        aria-label={`Forma de pagamento: ${PAYMENT_LABELS[usual]}`}
        title={`Forma de pagamento: ${PAYMENT_LABELS[usual]}`}
        aria-haspopup="dialog"
        // A hair of the background parts it from 'Concluir': two buttons, one shape.
        className={cn('ml-px rounded-l-none', !compact && 'gap-1 px-2.5 has-[>svg]:px-2.5')}
        onClick={(event) => {
          event.stopPropagation()
          setChoosing(true)
        }}
      >
        {!compact && <span className="font-normal">{SHORT[usual]}</span>}
        <ChevronDownIcon aria-hidden="true" />
      </Button>
      {choosing && (
        <PaymentDialog
          clientName={appointment.clientName}
          usual={usual}
          onOpenChange={setChoosing}
          onComplete={(method) => {
            setChoosing(false)
            onComplete(method)
          }}
        />
      )}
    </div>
  )
}

function PaymentDialog({
  clientName,
  usual,
  onOpenChange,
  onComplete,
}: {
  clientName: string
  usual: PaymentMethod
  onOpenChange: (open: boolean) => void
  onComplete: (paymentMethod: PaymentMethod) => void
}) {
  const [method, setMethod] = useState(usual)
  const firstName = clientName.trim().split(/\s+/)[0] || 'o cliente'
  return (
    <Dialog open onOpenChange={onOpenChange}>
      {/* A click inside must not reach the card or row the button sits in (React bubbles through portals). */}
      <DialogContent
        onClick={(event) => event.stopPropagation()}
        // The usual method has the focus: arrows choose another, Tab reaches 'Concluir'.
        onOpenAutoFocus={(event) => {
          const checked = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>('input:checked') : null
          if (!checked) return
          event.preventDefault()
          checked.focus()
        }}
      >
        <form
          className="grid grid-cols-1 gap-5"
          onSubmit={(event) => {
            event.preventDefault()
            onComplete(method)
          }}
        >
          <DialogHeader>
            <DialogTitle>Concluir atendimento</DialogTitle>
            <DialogDescription>Como {firstName} pagou? Fica registrado para os relatórios.</DialogDescription>
          </DialogHeader>
          <div role="radiogroup" aria-label="Forma de pagamento" className="grid grid-cols-1 gap-2">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm font-medium has-checked:border-primary/60 has-checked:bg-secondary/50 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40"
              >
                <input
                  type="radio"
                  name="payment-method"
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                  className="size-4 accent-primary"
                />
                {PAYMENT_LABELS[m]}
              </label>
            ))}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Voltar
              </Button>
            </DialogClose>
            <Button type="submit">
              <CheckCheckIcon aria-hidden="true" />
              Concluir
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
