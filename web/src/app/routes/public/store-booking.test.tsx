import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { json, never, type Call } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, NOVEMBER, publicApi, storePage } from './test-fixtures'

// The booking flow as a customer on a phone lives it (issue 9): the browser's Back and Forward
// move between the steps, a reload stays put, and a missing connection says so.

const STORE = 'GET /api/v1/public/stores/salao-bela-vida'
const AVAILABILITY = 'GET /api/v1/public/stores/salao-bela-vida/availability'
const BOOK = 'POST /api/v1/public/stores/salao-bela-vida/bookings'
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

function november(call: Call) {
  return json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] })
}

async function open(routes: Parameters<typeof publicApi>[0] = {}, at: Parameters<typeof renderApp>[0] = '/store/salao-bela-vida') {
  const api = publicApi({ [STORE]: json(200, storePage()), [AVAILABILITY]: november, ...routes })
  const app = renderApp(at)
  await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
  return { ...api, ...app, user: userEvent.setup() }
}

const question = (name: string) => screen.findByRole('heading', { level: 2, name })
const search = (router: { state: { location: { search: string } } }) => router.state.location.search

afterEach(() => {
  onlineManager.setOnline(true)
  vi.restoreAllMocks()
})

describe('Agendamento: voltar e avançar do navegador', { timeout: 20_000 }, () => {
  it('makes each step a history entry: Back returns with the choices kept, Forward comes back', async () => {
    const { user, router, callsTo } = await open()
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog')
    expect(search(router)).toBe('?etapa=servico')
    await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))
    await question('Escolha o profissional')
    expect(search(router)).toBe('?etapa=profissional')
    await user.click(within(dialog).getByRole('button', { name: /^Ana Lima/ }))
    await question('Escolha o dia')
    await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    await question('Escolha o horário')
    expect(search(router)).toBe('?etapa=horario')

    // Back: the day, with Friday still chosen.
    await act(() => router.navigate(-1))
    await question('Escolha o dia')
    expect(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ })).toHaveAttribute('aria-pressed', 'true')
    // Back again: the professional, Ana still chosen.
    await act(() => router.navigate(-1))
    await question('Escolha o profissional')
    expect(within(dialog).getByRole('button', { name: /^Ana Lima/ })).toHaveAttribute('aria-pressed', 'true')
    // Forward twice: the times of Friday.
    await act(() => router.navigate(1))
    await question('Escolha o dia')
    await act(() => router.navigate(1))
    await question('Escolha o horário')
    expect(within(dialog).getByText('sexta-feira, 27 de novembro')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: '10:00' })).toBeInTheDocument()

    // The sheet's own Voltar is the same Back.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await question('Escolha o dia')
    expect(search(router)).toBe('?etapa=dia')

    // Closing goes back past every step: the page as it was, and Back from there leaves the
    // flow behind instead of reopening it.
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(search(router)).toBe('')
    expect(router.state.historyAction).toBe('POP')
    // The page's data was read once, not on every step.
    expect(callsTo(STORE)).toHaveLength(1)
  })

  it('keeps the month the customer moved to when a step back and forth returns to the days', async () => {
    const { user, router } = await open()
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))
    await question('Escolha o profissional')
    await user.click(within(dialog).getByRole('button', { name: /^Ana Lima/ }))
    await question('Escolha o dia')
    await user.click(within(dialog).getByRole('button', { name: 'Próximo mês' }))
    const shownMonth = () => within(dialog).getByText('dezembro de 2026', { selector: 'p[aria-live]' })
    expect(await waitFor(shownMonth)).toBeInTheDocument()
    await act(() => router.navigate(-1))
    await question('Escolha o profissional')
    await act(() => router.navigate(1))
    await question('Escolha o dia')
    expect(shownMonth()).toBeInTheDocument()
  })

  it('closes from the first step with Back', async () => {
    const { user, router } = await open()
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    await question('Escolha o profissional')
    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(search(router)).toBe('')
    expect(screen.getByRole('button', { name: 'Agendar Barba' })).toHaveFocus()
  })

  it('keeps the step and the choices on a reload', async () => {
    await open({}, {
      pathname: '/store/salao-bela-vida',
      search: '?etapa=horario',
      state: { booking: { depth: 4, sel: { serviceId: 's1', professionalId: 'any', date: '2026-11-27' } } },
    })
    const dialog = await screen.findByRole('dialog')
    await question('Escolha o horário')
    expect(within(dialog).getByText('sexta-feira, 27 de novembro')).toBeInTheDocument()
    expect(await within(dialog).findByRole('button', { name: '10:00' })).toBeInTheDocument()
  })

  it('falls back to the first step still open when a reload lacks a choice', async () => {
    const { router } = await open({}, {
      pathname: '/store/salao-bela-vida',
      search: '?etapa=dados',
      // No time chosen, and a service removed since.
      state: { booking: { depth: 5, sel: { serviceId: 'gone', professionalId: 'p1', date: '2026-11-27' } } },
    })
    await question('Escolha o serviço')
    await waitFor(() => expect(search(router)).toBe('?etapa=servico'))
  })

  it('opens a link to a step at the start, with the page behind it', async () => {
    const { user, router } = await open({}, '/store/salao-bela-vida?etapa=dia')
    const dialog = await screen.findByRole('dialog')
    await question('Escolha o serviço')
    expect(search(router)).toBe('?etapa=servico')
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(search(router)).toBe('')
    expect(screen.getByRole('heading', { level: 1, name: 'Salão Bela Vida' })).toBeInTheDocument()
  })

  it('leaves the flow on Back from the confirmation, and a reload of it shows the booking', async () => {
    const { user, router } = await open({ [BOOK]: json(201, booking()), 'GET /api/v1/public/bookings/tok.abc': json(200, booking()) })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    await question('Agendamento confirmado')
    expect(search(router)).toBe('?etapa=confirmado')

    await act(() => router.navigate(-1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(search(router)).toBe('')

    // Forward to the confirmation again: the booking's own page.
    await act(() => router.navigate(4))
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento/tok.abc'))
  })
})

describe('Agendamento: novidades pelo WhatsApp (LGPD)', () => {
  it('offers the box unticked, sends no consent unless ticked, and sends it when ticked', async () => {
    const { user, callsTo } = await open({ [BOOK]: json(201, booking()) })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    const box = within(dialog).getByRole('checkbox', { name: /Quero receber novidades de Salão Bela Vida pelo WhatsApp/ })
    expect(box).not.toBeChecked()
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(box)
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    await question('Agendamento confirmado')
    expect(callsTo(BOOK)[0]?.body).toMatchObject({ clientName: 'Maria Souza', marketingConsent: true })
  })
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

  it('never leaves Confirmar spinning without a connection, keeps what was typed, and sends it by itself when back online', async () => {
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

    // It says what is true: not sent yet, and sent by itself once the connection is back.
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Sem internet: o agendamento ainda não foi enviado.')
    expect(alert).toHaveTextContent('Ele será enviado sozinho assim que a conexão voltar. Seus dados continuam aqui.')
    expect(alert).not.toHaveTextContent('Tentando de novo')
    expect(within(dialog).queryByRole('button', { name: /Agendando/ })).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Seu nome')).toHaveValue('Maria Souza')
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 98765-4321')

    // Back online: sent again by itself, with the same request id (the server books it once).
    online.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await question('Agendamento confirmado')
    expect(callsTo(BOOK)).toHaveLength(2)
    const [first, second] = callsTo(BOOK).map((c) => c.body as { requestId: string })
    expect(second).toMatchObject({ clientName: 'Maria Souza', clientPhone: '+5511987654321', time: '10:00' })
    expect(second?.requestId).toBe(first?.requestId)
    expect(first?.requestId).toMatch(/^[0-9a-f-]{32,36}$/)
  })

  it('says plainly that a failed answer is safe to send again, and keeps the request id', async () => {
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
    expect(alert).toHaveTextContent('A conexão falhou e o agendamento não foi confirmado.')
    expect(alert).toHaveTextContent('Se ele já tiver chegado à loja, não será feito duas vezes.')
    expect(callsTo(BOOK)).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }))
    await question('Agendamento confirmado')
    const [first, second] = callsTo(BOOK).map((c) => c.body as { requestId: string })
    expect(second?.requestId).toBe(first?.requestId)
  })
})

describe('Agendamento: loja no limite do plano', { timeout: 20_000 }, () => {
  it("says the store takes no online bookings now and offers the store's WhatsApp with the booking written", async () => {
    const message =
      'No momento esta loja não está recebendo agendamentos online. Fale com a loja para marcar seu horário.'
    const { user, callsTo } = await open({
      [BOOK]: json(402, { error: { code: 'plan_limit', message } }),
    })
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Bruno Alves/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(message)
    const chat = within(alert).getByRole('link', { name: 'Falar com a loja pelo WhatsApp' })
    const href = new URL(chat.getAttribute('href') ?? '')
    expect(href.origin + href.pathname).toBe('https://wa.me/5511912345678')
    expect(href.searchParams.get('text')).toBe(
      'Olá, Salão Bela Vida! Tentei agendar pela página de vocês, mas não consegui. Gostaria de marcar Barba no dia 27/11 às 10:00 com Bruno Alves.',
    )
    expect(chat).toHaveAttribute('target', '_blank')
    // Sending again cannot help: no 'Confirmar' until the customer changes something.
    expect(within(dialog).queryByRole('button', { name: 'Confirmar agendamento' })).not.toBeInTheDocument()
    expect(callsTo(BOOK)).toHaveLength(1)
  })
})
