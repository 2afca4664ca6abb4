import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { json } from '@/test/api-mock'
import { planOverviewFixture, signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

/** eventStream answers GET /api/v1/events with a stream the test writes to. */
function eventStream() {
  const encoder = new TextEncoder()
  let push: (text: string) => void = () => {}
  const reply = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text))
        },
      }),
      { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    )
  return { reply, send: (event: string, data: object) => push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) }
}

describe('plan events on the live stream', { timeout: 20_000 }, () => {
  it('tells the owner a customer was turned away at the limit, with a way to Planos', async () => {
    const stream = eventStream()
    const { callsTo } = signedIn({ 'GET /api/v1/events': stream.reply })
    const { router } = renderApp('/dashboard/settings')
    await screen.findByRole('region', { name: 'Perfil' })
    await waitFor(() => expect(callsTo('GET /api/v1/events')).toHaveLength(1))
    stream.send('booking.refused', { type: 'booking.refused', id: 'store-1' })
    const text = await screen.findByText(
      'Um cliente tentou agendar pela sua página, mas o limite do plano gratuito foi atingido.',
    )
    const toast = text.closest('li') as HTMLElement
    // A click, not a tap: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(within(toast).getByRole('button', { name: 'Ver planos' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
  })

  it('turns the open Planos page Premium when plan.updated arrives', async () => {
    const stream = eventStream()
    let premium = false
    const { callsTo } = signedIn({
      'GET /api/v1/events': stream.reply,
      'GET /api/v1/plan/overview': () =>
        json(
          200,
          premium
            ? planOverviewFixture({
                plan: { type: 'premium', isActive: true, statusReason: 'subscription.active', subscribedAt: null, expiresAt: null, cancelAt: null },
                usage: { count: 3, limit: 10, progress: 30, remaining: -1, unlimited: true },
              })
            : planOverviewFixture(),
        ),
    })
    renderApp('/dashboard/plans')
    expect(await screen.findByRole('region', { name: 'Seu plano Gratuito' })).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /api/v1/events')).toHaveLength(1))
    premium = true
    stream.send('plan.updated', { type: 'plan.updated', id: 'user-1' })
    expect(await screen.findByRole('region', { name: 'Seu plano Premium' })).toHaveTextContent('Ilimitado')
  })
})
