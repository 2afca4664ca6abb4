import { onlineManager } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { json, never, type Call } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, NOVEMBER, publicApi, storePage } from './test-fixtures'

// The booking flow as a customer on a phone lives it (issue 9): a missing connection says so.

const STORE = 'GET /api/v1/public/stores/salao-bela-vida'
const AVAILABILITY = 'GET /api/v1/public/stores/salao-bela-vida/availability'
const BOOK = 'POST /api/v1/public/stores/salao-bela-vida/bookings'
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

function november(call: Call) {
  return json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] })
}

async function open(routes: Parameters<typeof publicApi>[0] = {}, at = '/store/salao-bela-vida') {
  const api = publicApi({ [STORE]: json(200, storePage()), [AVAILABILITY]: november, ...routes })
  const app = renderApp(at)
  await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
  return { ...api, ...app, user: userEvent.setup() }
}

const question = (name: string) => screen.findByRole('heading', { level: 2, name })

afterEach(() => {
  onlineManager.setOnline(true)
  vi.restoreAllMocks()
})

describe('Agendamento: sem conexão e conexão lenta', { timeout: 20_000 }, () => {
  it('says the times are loading instead of showing every day as full', async () => {
    const { user } = await open({ [AVAILABILITY]: never })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    await question('Escolha o dia')
    expect(within(dialog).getByRole('status')).toHaveTextContent('Carregando horários…')
    expect(within(dialog).queryByRole('button', { name: /sem horários/ })).not.toBeInTheDocument()
    expect(within(dialog).queryByText(/Não há horários livres/)).not.toBeInTheDocument()
  })

  it('says there is no connection for the month, keeps trying, and shows the days when it answers', async () => {
    const { user, callsTo } = await open({ [AVAILABILITY]: (call, i) => (i === 0 ? offline() : november(call)) })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Sem conexão. Tentando de novo…')
    // No day reads as "no free times" while nothing is known.
    expect(within(dialog).queryByRole('button', { name: /sem horários/ })).not.toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }))
    expect(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro, 5 horários livres/ })).toBeEnabled()
    expect(callsTo(AVAILABILITY)).toHaveLength(2)
  })

  it('says so when the browser is offline, and loads the days once it is back', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    act(() => onlineManager.setOnline(false))
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sem conexão. Tentando de novo…')
    act(() => onlineManager.setOnline(true))
    expect(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro, 5 horários livres/ })).toBeEnabled()
  })

  it('never leaves Confirmar spinning without a connection, keeps what was typed, and sends again only when asked', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { user, callsTo } = await open({ [BOOK]: (_, i) => (i === 0 ? offline() : json(201, booking())) })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Sem conexão. Tentando de novo…')
    expect(alert).toHaveTextContent('seus dados continuam aqui')
    expect(within(dialog).queryByRole('button', { name: /Agendando/ })).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Seu nome')).toHaveValue('Maria Souza')
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 98765-4321')

    // Back online: nothing is sent by itself (the first try may have reached the store).
    online.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await within(dialog).findByText('A conexão falhou e o agendamento não foi confirmado.')).toBeInTheDocument()
    expect(callsTo(BOOK)).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }))
    await question('Agendamento confirmado')
    expect(callsTo(BOOK)).toHaveLength(2)
    expect(callsTo(BOOK)[1]?.body).toMatchObject({ clientName: 'Maria Souza', clientPhone: '+5511987654321', time: '10:00' })
  })
})
