import { BellRingIcon, LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'

import { buttonVariants } from '@/components/ui/button-variants'
import { api, isApiError } from '@/lib/api-client'
import { currentEndpoint, pushSupported, PUSH_UNSUPPORTED, subscribeThisBrowser } from '@/lib/push-subscribe'

// 'Me lembrar neste celular' (issue 28): the customer lets this phone show the reminder as a
// notification, with 'Confirmar' and 'Remarcar'. The permission is asked first thing on the tap,
// while the browser still counts it as the person's gesture.

type State = { step: 'idle' | 'busy' | 'on' } | { step: 'error'; message: string }

const path = (token: string) => `/public/bookings/${encodeURIComponent(token)}/push`

/** RemindOnThisPhone turns the reminder notifications on, and off, for the booking of token. */
export function RemindOnThisPhone({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: 'idle' })
  const turnOn = async () => {
    setState({ step: 'busy' })
    try {
      const sub = await subscribeThisBrowser()
      await api.post(path(token), sub, { auth: false })
      setState({ step: 'on' })
    } catch (e) {
      setState({ step: 'error', message: reason(e) })
    }
  }
  const turnOff = async () => {
    setState({ step: 'busy' })
    try {
      const endpoint = await currentEndpoint()
      if (endpoint) await api.post(`${path(token)}/stop`, { endpoint }, { auth: false })
      setState({ step: 'idle' })
    } catch (e) {
      setState({ step: 'error', message: reason(e) })
    }
  }
  return (
    <section aria-labelledby="remind-phone" className="grid grid-cols-1 gap-3 rounded-xl bg-muted p-4 text-sm">
      <h3 id="remind-phone" className="flex items-center gap-2 font-medium">
        <BellRingIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Lembrete neste celular
      </h3>
      {!pushSupported() ? (
        <p className="text-muted-foreground">{PUSH_UNSUPPORTED}</p>
      ) : state.step === 'on' ? (
        <>
          <p role="status">Pronto: o lembrete chega como notificação neste celular, com um botão para confirmar presença.</p>
          <button type="button" className={`${buttonVariants({ variant: 'outline' })} w-full`} onClick={() => void turnOff()}>
            Parar as notificações neste celular
          </button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">Receba o lembrete como notificação e confirme a presença com um toque.</p>
          <button
            type="button"
            className={`${buttonVariants({ variant: 'outline' })} w-full`}
            disabled={state.step === 'busy'}
            onClick={() => void turnOn()}
          >
            {state.step === 'busy' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Me lembrar neste celular
          </button>
          {state.step === 'error' && (
            <p role="alert" className="text-destructive">
              {state.message}
            </p>
          )}
        </>
      )}
    </section>
  )
}

/** reason is what the customer reads when turning the notifications on failed. */
function reason(e: unknown) {
  if (e instanceof Error && e.name === 'PushError') return e.message
  if (isApiError(e) && e.status !== 0) return e.message
  return 'Não foi possível ligar as notificações agora. Confira a internet e tente de novo.'
}
