import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json, type Call } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, NOVEMBER, publicApi, storePage } from './test-fixtures'

const STORE = 'GET /api/v1/public/stores/salao-bela-vida'
const AVAILABILITY = 'GET /api/v1/public/stores/salao-bela-vida/availability'
const BOOK = 'POST /api/v1/public/stores/salao-bela-vida/bookings'

function november(call: Call) {
  return json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] })
}

async function openStore(routes: Parameters<typeof publicApi>[0] = {}, page = storePage()) {
  const api = publicApi({ [STORE]: json(200, page), [AVAILABILITY]: november, ...routes })
  const app = renderApp('/store/salao-bela-vida')
  await screen.findByRole('heading', { level: 1, name: page.store.name })
  return { ...api, ...app, user: userEvent.setup() }
}

/** The sheet's question: its h2. */
const question = (name: string) => screen.findByRole('heading', { level: 2, name })

async function bookUntilDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
  const dialog = await screen.findByRole('dialog')
  await question('Escolha o serviço')
  await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))
  await question('Escolha o profissional')
  await user.click(within(dialog).getByRole('button', { name: /^Qualquer profissional/ }))
  await question('Escolha o dia')
  await user.click(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro, 5 horários livres/ }))
  await question('Escolha o horário')
  await user.click(within(dialog).getByRole('button', { name: '10:00' }))
  await question('Seus dados')
  return dialog
}

describe('Página pública da loja', { timeout: 20_000 }, () => {
  it('says before the first tap that a store at its limit takes no online bookings, with its WhatsApp and phone', async () => {
    await openStore({}, storePage({ acceptsBookings: false }))
    const notice = screen.getByRole('region', { name: 'Agendamento online indisponível no momento' })
    expect(notice).toHaveTextContent('Para marcar seu horário, fale com Salão Bela Vida pelo WhatsApp ou por telefone.')
    expect(within(notice).getByRole('link', { name: 'Chamar no WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/55\d+\?text=/)
    expect(within(notice).getByRole('link', { name: /^Ligar para / })).toHaveAttribute('href', 'tel:+5511934567890')
    // No flow it would refuse at the end.
    expect(screen.queryByRole('button', { name: 'Agendar horário' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Agendar / })).not.toBeInTheDocument()
  })

  it('says how to book when a store at its limit has no contact', async () => {
    const page = storePage({ acceptsBookings: false, phone: '' })
    page.store.socialMedia = { ...page.store.socialMedia, whatsapp: '' }
    await openStore({}, page)
    const notice = screen.getByRole('region', { name: 'Agendamento online indisponível no momento' })
    expect(notice).toHaveTextContent('fale com Salão Bela Vida pessoalmente ou volte mais tarde.')
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument()
  })

  it('shows the store, its services, team, hours and contacts, and counts one page view', async () => {
    const { callsTo } = await openStore()
    expect(screen.getByText('Cortes e coloração no centro.')).toBeInTheDocument()

    const services = screen.getByRole('region', { name: 'Serviços' })
    expect(services).toHaveTextContent(/Corte.*R\$\s45,90 · 1h 30min/)
    expect(services).toHaveTextContent(/Barba.*Sob consulta · 30 min/)

    const team = screen.getByRole('region', { name: 'Profissionais' })
    expect(within(team).getByText('Cabeleireira')).toBeInTheDocument()
    expect(within(team).getByText('Coloração')).toBeInTheDocument()
    expect(within(team).getByRole('link', { name: 'Ver perfil de Ana Lima' })).toHaveAttribute('href', '/profissional/p1')

    const info = screen.getByRole('region', { name: 'Informações' })
    expect(within(info).getByRole('link', { name: 'Ver no mapa' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Rua%20das%20Flores%2C%2010%20-%20S%C3%A3o%20Paulo',
    )
    // Today (Thursday) is highlighted; Sunday is closed.
    const today = within(info).getByText(/\(hoje\)/).closest('li')
    expect(today).toHaveAttribute('aria-current', 'date')
    expect(today).toHaveTextContent('Quinta (hoje)09:00 – 19:00')
    expect(within(info).getByText('Domingo').closest('li')).toHaveTextContent('Fechado')
    expect(within(info).getByRole('link', { name: '(11) 93456-7890' })).toHaveAttribute('href', 'tel:+5511934567890')
    expect(within(info).getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/salaobela')
    expect(within(info).queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument()
    expect(within(info).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/5511912345678\?text=Ol%C3%A1/,
    )
    expect(within(info).getByText('Pix')).toBeInTheDocument()
    expect(within(info).getByText('Dinheiro')).toBeInTheDocument()

    await waitFor(() => expect(callsTo('POST /api/v1/analytics/pageview')).toHaveLength(1))
    expect(callsTo('POST /api/v1/analytics/pageview')[0]?.body).toEqual({ path: '/store/salao-bela-vida', referrer: '' })
    expect(document.title).toBe('Salão Bela Vida · Agende seu horário')
    // A customer has no account: the page never asks to renew a session.
    expect(callsTo('POST /api/v1/auth/refresh')).toHaveLength(0)
    // Nor does it load the toaster: its first load has a budget, and it says everything in place.
    expect(screen.queryByRole('region', { name: /Notificações/ })).not.toBeInTheDocument()
  })

  it('shows a friendly page for an unknown store and counts no view', async () => {
    const { callsTo } = publicApi({ 'GET /api/v1/public/stores/nao-existe': apiError(404, 'not_found', 'Loja não encontrada') })
    renderApp('/store/nao-existe')
    expect(await screen.findByRole('heading', { name: 'Loja não encontrada' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Conhecer o Agendo' })).toHaveAttribute('href', '/')
    expect(callsTo('POST /api/v1/analytics/pageview')).toHaveLength(0)
  })

  it('offers to try again when the page does not load', async () => {
    publicApi({
      [STORE]: (_, i) => (i === 0 ? apiError(500, 'internal', 'Erro interno') : json(200, storePage())),
    })
    renderApp('/store/salao-bela-vida')
    await screen.findByRole('heading', { name: 'Não foi possível carregar a página' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })).toBeInTheDocument()
  })

  it('books service-first with "Qualquer profissional" and shows the confirmation with Pix', async () => {
    const { user, callsTo } = await openStore({ [BOOK]: json(201, booking({ professional: { id: 'p2', name: 'Bruno Alves' } })) })
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Agendar · Salão Bela Vida' })
    expect(await question('Escolha o serviço')).toHaveFocus()
    expect(within(dialog).getByText('Etapa 1 de 5 · Serviço')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))

    await question('Escolha o profissional')
    const options = within(dialog).getAllByRole('button', { pressed: false })
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Qualquer profissional/),
      expect.stringMatching(/^Ana Lima/),
      expect.stringMatching(/^BABruno Alves/),
    ])
    await user.click(options[0]!)

    await question('Escolha o dia')
    // Days without free times cannot be picked.
    expect(await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro, 5 horários livres/ })).toBeEnabled()
    expect(within(dialog).getByRole('button', { name: /^sábado, 28 de novembro, 1 horário livre/ })).toBeEnabled()
    // Today says so; Sunday, when the store does not open, says 'Fechado' rather than "full".
    const today = within(dialog).getByRole('button', { name: 'quinta-feira, 26 de novembro, hoje, sem horários' })
    expect(today).toBeDisabled()
    expect(today).toHaveTextContent(/^26$/)
    expect(today.parentElement).toHaveTextContent('26Hoje')
    const sunday = within(dialog).getByRole('button', { name: 'domingo, 29 de novembro, fechado' })
    expect(sunday).toBeDisabled()
    expect(sunday.parentElement).toHaveTextContent('29Fechado')
    expect(within(dialog).getByRole('button', { name: 'segunda-feira, 30 de novembro, sem horários' })).toHaveTextContent(/^30$/)
    expect(within(dialog).getByRole('button', { name: 'quarta-feira, 25 de novembro, sem horários' })).toBeDisabled()
    expect(callsTo(AVAILABILITY)[0]?.query).toEqual({ serviceId: 's1', professionalId: 'any', from: '2026-11-26', days: '5' })
    await user.click(within(dialog).getByRole('button', { name: /^sexta-feira, 27 de novembro/ }))

    await question('Escolha o horário')
    expect(within(dialog).getByRole('group', { name: 'Manhã' })).toHaveTextContent('09:0009:3010:00')
    expect(within(dialog).getByRole('group', { name: 'Noite' })).toHaveTextContent('18:30')
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))

    await question('Seus dados')
    expect(within(dialog).getByText('Qualquer profissional')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 98765-4321')
    await user.type(within(dialog).getByLabelText(/Observação/), 'Cabelo comprido')
    // The email for reminders is optional, and checked before sending.
    await user.type(within(dialog).getByLabelText(/E-mail \(para lembretes\)/), 'maria@')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    expect(await within(dialog).findByText('Informe um e-mail válido, como nome@exemplo.com')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/E-mail \(para lembretes\)/), 'example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))

    await question('Agendamento confirmado')
    // The booking's own id: a retry after a lost answer books it once.
    const { requestId, ...sent } = callsTo(BOOK)[0]?.body as { requestId: string }
    expect(requestId).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(sent).toEqual({
      serviceId: 's1',
      professionalId: 'any',
      date: '2026-11-27',
      time: '10:00',
      clientName: 'Maria Souza',
      clientPhone: '+5511987654321',
      notes: 'Cabelo comprido',
      clientEmail: 'maria@example.com',
      // The news box stays unticked unless the customer ticks it (LGPD).
      marketingConsent: false,
    })
    expect(await within(dialog).findByText('Tudo certo, Maria! Seu horário está reservado.')).toBeInTheDocument()
    expect(within(dialog).getByText('com Bruno Alves')).toBeInTheDocument()
    expect(within(dialog).getByText('sexta-feira, 27 de novembro, às 10:00 (1h 30min) · R$ 45,90')).toBeInTheDocument()
    // Pix: copying comes first, and paying now is optional (the store also takes cash).
    const pix = within(dialog).getByRole('region', { name: 'Pagamento via Pix' })
    expect(pix).toHaveTextContent('Pagar agora é opcional: seu horário já está reservado. Se preferir, pague no atendimento, em dinheiro.')
    const actions = within(pix).getAllByRole('button').map((b) => b.textContent)
    expect(actions).toEqual(['Copiar código Pix', 'Mostrar QR Code'])
    expect(within(dialog).queryByRole('img', { name: 'QR Code do Pix' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Adicionar ao calendário do celular' })).toHaveAttribute(
      'href',
      '/api/v1/public/bookings/tok.abc/calendar.ics',
    )
    const google = new URL(within(dialog).getByRole('link', { name: 'Adicionar ao Google Agenda' }).getAttribute('href') ?? '')
    expect(google.searchParams.get('dates')).toBe('20261127T100000/20261127T113000')
    expect(google.searchParams.get('ctz')).toBe('America/Sao_Paulo')
    expect(within(dialog).getByRole('link', { name: 'Falar com a loja' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/5511912345678\?text=.*Corte/,
    )
    expect(within(dialog).getByRole('link', { name: 'Ver, remarcar ou cancelar' })).toHaveAttribute('href', '/agendamento/tok.abc')
    expect(within(dialog).getByText(/Remarque ou cancele até sexta-feira, 27\/11 às 09:00 \(1 hora antes do horário\)/)).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Copiar código Pix' }))
    expect(await within(pix).findByRole('button', { name: 'Código copiado' })).toBeInTheDocument()
    expect(within(pix).getByRole('status')).toHaveTextContent('Código Pix copiado. Cole no app do seu banco.')
    await expect(navigator.clipboard.readText()).resolves.toBe(booking().pix?.code)

    // The QR code, for paying from another phone, on request.
    const show = within(pix).getByRole('button', { name: 'Mostrar QR Code' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    await user.click(show)
    expect(await within(pix).findByRole('img', { name: 'QR Code do Pix' })).toBeInTheDocument()
    expect(within(pix).getByLabelText('Pix copia e cola')).toHaveTextContent(booking().pix?.code ?? '')
    expect(within(pix).getByRole('button', { name: 'Esconder QR Code' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('asks professional-first stores for the professional, then only their services', async () => {
    const { user } = await openStore({}, storePage({ bookingFlow: 'professional-first' }))
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog')
    await question('Escolha o profissional')
    expect(within(dialog).getByText('Etapa 1 de 5 · Profissional')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /^Ana Lima/ }))
    await question('Escolha o serviço')
    expect(within(dialog).getByRole('button', { name: /^Corte/ })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /^Barba/ })).not.toBeInTheDocument()

    // Back returns to the professional, with Ana still chosen.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await question('Escolha o profissional')
    expect(within(dialog).getByRole('button', { name: /^Ana Lima/ })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("starts at the next step from a service's or a professional's own button", async () => {
    const { user } = await openStore()
    await user.click(screen.getByRole('button', { name: 'Agendar Barba' }))
    const dialog = await screen.findByRole('dialog')
    await question('Escolha o profissional')
    // Only Bruno performs Barba.
    expect(within(dialog).queryByRole('button', { name: /Ana Lima/ })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Agendar com Ana Lima' }))
    await question('Escolha o serviço')
    // Ana does not do Barba.
    expect(screen.getByRole('button', { name: /^Corte/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Barba/ })).not.toBeInTheDocument()
  })

  it('checks the name and phone before sending and shows the server’s field errors', async () => {
    const { user, callsTo } = await openStore({
      [BOOK]: apiError(422, 'invalid', 'Verifique os dados', { fields: { clientName: 'Nome muito curto' } }),
    })
    const dialog = await bookUntilDetails(user)
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    expect(within(dialog).getByText('Informe seu nome')).toBeInTheDocument()
    expect(within(dialog).getByText('Informe seu telefone com DDD')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Seu nome')).toHaveFocus()

    await user.type(within(dialog).getByLabelText('Seu nome'), 'Mo')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '1234')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    expect(within(dialog).getByText('Informe um telefone com DDD, como (11) 91234-5678')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(BOOK)).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Telefone (WhatsApp)'))
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '+55 11 98765-4321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    expect(await within(dialog).findByText('Nome muito curto')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Seu nome')).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the rate-limit message as given', async () => {
    const { user } = await openStore({
      [BOOK]: apiError(429, 'rate_limited', 'Muitos agendamentos seguidos. Tente de novo em alguns minutos.'),
    })
    const dialog = await bookUntilDetails(user)
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    expect(await within(dialog).findByText('Muitos agendamentos seguidos. Tente de novo em alguns minutos.')).toBeInTheDocument()
  })

  it('goes back to the times of the day, refreshed, when the time was just taken', async () => {
    const taken = 'Este horário acabou de ser reservado. Escolha outro horário.'
    const { user, callsTo } = await openStore({
      [AVAILABILITY]: (call, i) =>
        json(200, {
          days:
            call.query.from !== '2026-11-26'
              ? []
              : i === 0
                ? NOVEMBER
                : NOVEMBER.map((d) => (d.date === '2026-11-27' ? { ...d, times: ['09:00', '09:30', '14:00', '18:30'] } : d)),
        }),
      [BOOK]: (_, i) => (i === 0 ? apiError(409, 'conflict', taken) : json(201, booking({ time: '14:00' }))),
    })
    const dialog = await bookUntilDetails(user)
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))

    expect(await question('Escolha o horário')).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent(taken)
    expect(callsTo(AVAILABILITY).length).toBeGreaterThan(1)
    expect(within(dialog).queryByRole('button', { name: '10:00' })).not.toBeInTheDocument()
    // The nearest free times come first.
    const nearest = within(dialog).getByText('Horários livres mais próximos').parentElement!
    expect(within(nearest).getAllByRole('button').map((b) => b.textContent)).toEqual(['14:00', '18:30', '09:30'])

    await user.click(within(nearest).getByRole('button', { name: 'Escolher 14:00' }))
    await question('Seus dados')
    // What was typed is still there.
    expect(within(dialog).getByLabelText('Seu nome')).toHaveValue('Maria')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    await question('Agendamento confirmado')
    expect(callsTo(BOOK)[1]?.body).toMatchObject({ date: '2026-11-27', time: '14:00' })
  })
})
