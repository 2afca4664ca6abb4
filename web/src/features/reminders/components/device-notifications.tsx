import { BellOffIcon, BellRingIcon } from 'lucide-react'
import { useEffect, useState } from 'react'

import { Button } from '@/components/ui/button'
import { api, isApiError } from '@/lib/api-client'
import { currentEndpoint, pushSupported, PUSH_UNSUPPORTED, subscribeThisBrowser } from '@/lib/push-subscribe'

// 'Notificações neste aparelho' (issue 28): a member's phone buzzes when a customer books, moves
// or cancels on the store page, for the agendas they may see (a profissional's own).

type State = 'checking' | 'off' | 'busy' | 'on'

export function DeviceNotifications() {
  const [state, setState] = useState<State>('checking')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void currentEndpoint().then((e) => live && setState(e ? 'on' : 'off'))
    return () => {
      live = false
    }
  }, [])
  const run = async (on: boolean) => {
    setError(null)
    setState('busy')
    try {
      if (on) {
        await api.post('/push/subscriptions', await subscribeThisBrowser())
      } else {
        const endpoint = await currentEndpoint()
        if (endpoint) await api.post('/push/subscriptions/stop', { endpoint })
      }
      setState(on ? 'on' : 'off')
    } catch (e) {
      setState(on ? 'off' : 'on')
      setError(e instanceof Error && e.name === 'PushError' ? e.message : isApiError(e) && e.status !== 0 ? e.message : 'Não foi possível agora. Tente de novo.')
    }
  }
  if (!pushSupported()) return <p className="text-sm text-muted-foreground">{PUSH_UNSUPPORTED}</p>
  return (
    <div className="grid gap-3">
      <p className="flex items-start gap-2 text-sm">
        {state === 'on' ? (
          <BellRingIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <BellOffIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        {state === 'on'
          ? 'Ligadas: este aparelho avisa quando um cliente agenda, remarca ou cancela pela página.'
          : 'Desligadas neste aparelho.'}
      </p>
      <div>
        <Button type="button" variant={state === 'on' ? 'outline' : 'default'} disabled={state === 'busy' || state === 'checking'} onClick={() => void run(state !== 'on')}>
          {state === 'on' ? 'Desligar neste aparelho' : 'Ligar notificações neste aparelho'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
