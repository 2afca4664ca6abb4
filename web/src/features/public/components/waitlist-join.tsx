import { CheckCircle2Icon, LoaderCircleIcon } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'

import { buttonVariants } from '@/components/ui/button-variants'
import { isApiError } from '@/lib/api-client'
import { NAME_MAX } from '@/lib/limits'
import { maskPhoneInput, toE164BR } from '@/lib/phone'

import type { PublicStoreInfo } from '../api/types'
import { useJoinWaitlist } from '../api/waitlist'
import type { Selection } from './booking-steps'
import { dayLabel } from './month'

// 'Entrar na lista de espera' (issue 29): loaded when tapped, so the store page's first load
// stays light. The customer picks one of the full days, leaves her name, phone and (for the
// automatic notice) email, and learns her place in the line.

const input =
  'flex h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive'

/** WaitlistJoin is the form of the line for one of the full days. */
export default function WaitlistJoin({ store, sel, fullDays }: { store: PublicStoreInfo; sel: Selection; fullDays: string[] }) {
  const id = useId()
  const join = useJoinWaitlist()
  const [date, setDate] = useState(fullDays[0] ?? '')
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem('')
    if (!name.trim()) return setProblem('Informe seu nome.')
    const e164 = toE164BR(phone)
    if (!e164) return setProblem('Informe um celular com DDD, como (11) 91234-5678.')
    join.mutate(
      {
        slug: store.slug,
        input: { serviceId: sel.serviceId ?? '', professionalId: sel.professionalId ?? 'any', date, clientName: name.trim(), clientPhone: e164, clientEmail: email.trim() },
      },
      {
        onError: (error) =>
          setProblem(isApiError(error) && error.status !== 0 ? error.message : 'Sem conexão. Confira a internet e tente de novo.'),
      },
    )
  }

  if (join.isSuccess) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-sm">
        <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">
            Você é a {join.data.position}ª pessoa da fila para {dayLabel(join.data.date)}.
          </p>
          <p className="text-muted-foreground">
            Se um horário abrir, ele fica reservado para você por 30 minutos: {email.trim() ? 'mandamos o link por e-mail, e ' : ''}a
            loja pode chamar você pelo WhatsApp.
          </p>
        </div>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-xl border bg-card p-4" aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Lista de espera
        </h3>
        <p className="text-sm text-muted-foreground">
          Quando alguém desmarcar, o primeiro da fila recebe o horário, reservado por 30 minutos. Seus dados servem só para este aviso.
        </p>
      </div>
      <label className="grid gap-1.5 text-sm font-medium">
        Dia
        <select className={input} value={date} onChange={(e) => setDate(e.target.value)}>
          {fullDays.map((d) => (
            <option key={d} value={d}>
              {dayLabel(d)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        Seu nome
        <input className={input} autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        Celular (WhatsApp)
        <input
          className={input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 91234-5678"
          value={phone}
          onChange={(e) => setPhone(maskPhoneInput(e.target.value))}
        />
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        <span>
          E-mail <span className="font-normal text-muted-foreground">(opcional, para o aviso automático)</span>
        </span>
        <input className={input} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <button type="submit" disabled={join.isPending} className={buttonVariants({ className: 'w-full' })}>
        {join.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        Entrar na lista de espera
      </button>
    </form>
  )
}
