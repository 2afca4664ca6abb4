import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'

import { professionalsFor } from '@/features/appointments/api/appointment-form'
import type { Appointment } from '@/features/appointments/api/get-appointments'
import { apiError, type Call, json, sessionResponse } from '@/test/api-mock'
import { appointmentFixture, professionals, services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

type Routes = Parameters<typeof signedIn>[0]

async function openAgenda(path: string, routes: Routes = {}, items: Appointment[] = []) {
  const api = signedIn({
    'GET /api/v1/services': json(200, services),
    'GET /api/v1/professionals': json(200, professionals),
    'GET /api/v1/appointments': () => json(200, { items, total: items.length }),
    // The client field looks for suggestions once typing pauses: none, unless a test lists some.
    'GET /api/v1/clients': json(200, { items: [], total: 0 }),
    ...routes,
  })
  const app = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Agendamentos' })
  return { ...api, ...app, user: userEvent.setup() }
}


/** deferred is a reply the test sends when it chooses. */
function deferred() {
  let send: (r: Response) => void = () => {}
  const reply = new Promise<Response>((resolve) => (send = resolve))
  return { reply: () => reply, send: (r: Response) => send(r) }
}

describe('professionals for a service', () => {
  it('keeps only those in the service, in the team order', () => {
    expect(professionalsFor({ professionalIds: ['p2', 'p1'] }, professionals).map((p) => p.name)).toEqual([
      'Ana Lima',
      'Bruno Alves',
    ])
    expect(professionalsFor({ professionalIds: [] }, professionals)).toEqual([])
    expect(professionalsFor(undefined, professionals)).toEqual([])
  })
})

describe('Agendamentos', { timeout: 45_000 }, () => {
  it('offers only the professionals who perform the chosen service, as chips', async () => {
    const { user } = await openAgenda('/dashboard/appointments?view=list', { 'GET /api/v1/availability': json(200, []) })
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    const professional = within(dialog).getByRole('group', { name: 'Profissional' })
    expect(professional).toHaveTextContent('Escolha antes o serviço.')
    expect(within(dialog).getByRole('radio', { name: 'Corte' })).toHaveAccessibleDescription(/^45 min · R\$\s50,00$/)

    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    const names = () => within(professional).getAllByRole('radio').map((r) => r.getAttribute('value'))
    expect(names()).toEqual(['p1', 'p2'])
    expect(within(professional).getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([false, false])
    await user.click(within(professional).getByRole('radio', { name: 'Bruno Alves' }))

    // Bruno does not do Manicure: the only one who does is picked instead.
    await user.click(within(dialog).getByRole('radio', { name: 'Manicure' }))
    expect(names()).toEqual(['p3'])
    expect(within(professional).getByRole('radio', { name: 'Carla Mota' })).toBeChecked()
  })

  it('falls back to lists when there are many services', async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ ...services[0]!, id: `s${i + 1}`, name: `Serviço ${i + 1}` }))
    const { user } = await openAgenda('/dashboard/appointments?view=list', { 'GET /api/v1/services': json(200, many) })
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(dialog).queryByRole('radio', { name: 'Serviço 1' })).not.toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Serviço'), 'Serviço 9')
    // Two professionals for it: still chips.
    expect(within(dialog).getByRole('group', { name: 'Profissional' })).toBeInTheDocument()
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['p1', 'p2'])
  })

  it("suggests today's free times from now on, on the store's clock", async () => {
    // 20:00 UTC is 17:00 in São Paulo.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2099-03-14T20:00:00Z') })
    try {
      const { user } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
        'GET /api/v1/availability': (call: Call) =>
          json(200, [{ date: call.query.from, times: ['09:00', '09:30', '16:30', '17:00', '17:30'] }]),
      })
      await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
      const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
      await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
      await user.click(within(dialog).getByRole('radio', { name: 'Ana Lima' }))
      const free = within(dialog).getByRole('group', { name: 'Horários livres' })
      await within(free).findByRole('button', { name: '17:00' })
      expect(within(free).getAllByRole('button').map((b) => b.textContent)).toEqual(['17:00', '17:30'])
      expect(within(dialog).getByRole('button', { name: 'Hoje', pressed: true })).toBeInTheDocument()

      // Tomorrow starts at opening.
      await user.click(within(dialog).getByRole('button', { name: 'Amanhã' }))
      expect(within(dialog).getByLabelText('Data')).toHaveValue('2099-03-15')
      await within(free).findByRole('button', { name: '09:00' })
      expect(within(free).getAllByRole('button').map((b) => b.textContent)).toEqual(['09:00', '09:30', '16:30', '17:00', '17:30'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('books a client from the suggestions at a free time', async () => {
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/clients': json(200, {
        items: [{ name: 'Maria Souza', phone: '+5511912345678', appointmentCount: 7 }],
        total: 1,
      }),
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['09:00', '09:30', '10:00'] }]),
      'POST /api/v1/appointments': (call: Call) => json(201, appointmentFixture({ ...(call.body as object), id: 'n1' })),
    })
    // From the empty slot of Ana at 09:30: professional, day and time come filled in.
    await user.click(await screen.findByRole('button', { name: 'Novo agendamento com Ana Lima às 09:30' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Mar')
    await user.click(await within(dialog).findByRole('option', { name: /Maria Souza/ }))
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 91234-5678')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    expect(within(dialog).getByRole('radio', { name: 'Ana Lima' })).toBeChecked()
    expect(await within(dialog).findByRole('button', { name: '09:30', pressed: true })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    await user.selectOptions(within(dialog).getByLabelText(/Forma de pagamento/), 'Pix')
    // A mistyped email for reminders is caught before sending.
    const email = within(dialog).getByLabelText(/E-mail \(para lembretes\)/)
    await user.type(email, 'maria@')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe um e-mail válido, como nome@exemplo.com')).toBeInTheDocument()
    await user.type(email, 'example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Agendamento criado')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/clients')[0]?.query.q).toBe('Mar')
    expect(callsTo('GET /api/v1/availability')[0]?.query).toMatchObject({
      professionalId: 'p1',
      serviceId: 's1',
      from: '2099-03-14',
      to: '2099-03-14',
    })
    expect(callsTo('POST /api/v1/appointments')[0]?.body).toEqual({
      clientName: 'Maria Souza',
      clientPhone: '+5511912345678',
      serviceId: 's1',
      professionalId: 'p1',
      date: '2099-03-14',
      time: '10:00',
      status: 'scheduled',
      paymentMethod: 'pix',
      notes: '',
      clientEmail: 'maria@example.com',
      force: false,
    })
  })

  it('books a visit of two services, the second after the first, in one request', async () => {
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['09:00', '09:30', '10:00'] }]),
      'POST /api/v1/appointments': (call: Call) => json(201, appointmentFixture({ ...(call.body as object), id: 'n1' })),
    })
    await user.click(await screen.findByRole('button', { name: 'Novo agendamento com Ana Lima às 09:30' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Seu Antônio')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11955550002')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar outro serviço' }))
    // A visit is not a series: 'Repetir' steps aside while it has more than one service.
    expect(within(dialog).queryByLabelText('Repetir')).not.toBeInTheDocument()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Serviço 2' }), 'Manicure (1h)')
    // Only Carla does a manicure: she is chosen, and it starts when the cut ends.
    expect(within(dialog).getByRole('combobox', { name: 'Profissional do serviço 2' })).toHaveValue('p3')
    expect(within(dialog).getByText('2º serviço · às 10:15')).toBeInTheDocument()
    // The free times asked for are the whole visit's.
    await waitFor(() => expect(callsTo('GET /api/v1/availability').some((c) => c.query.more === 's2:p3')).toBe(true))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Agendamento criado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments')[0]?.body).toMatchObject({
      serviceId: 's1',
      professionalId: 'p1',
      time: '09:30',
      more: [{ serviceId: 's2', professionalId: 'p3' }],
    })
  })

  it("books a regular's series: shows the dates, the clash resolved by a skip, and books the rest", async () => {
    const occurrences = ['2099-03-14', '2099-04-04', '2099-04-25', '2099-05-16'].map((date) => ({
      date,
      time: '09:30',
      clash: date === '2099-04-04' ? 'Ana Lima já tem um compromisso neste horário' : '',
    }))
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['09:00', '09:30', '10:00'] }]),
      'POST /api/v1/appointments/series/preview': json(200, { occurrences }),
      'POST /api/v1/appointments/series': json(201, {
        id: 'serie-1',
        appointments: [appointmentFixture({ id: 'x1' }), appointmentFixture({ id: 'x2' }), appointmentFixture({ id: 'x3' })],
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'Novo agendamento com Ana Lima às 09:30' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Seu Antônio')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11944441234')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    await user.selectOptions(within(dialog).getByLabelText('Repetir'), 'A cada 3 semanas')
    await user.clear(within(dialog).getByLabelText('Quantas vezes, ao todo'))
    await user.type(within(dialog).getByLabelText('Quantas vezes, ao todo'), '4')
    await user.click(within(dialog).getByRole('button', { name: 'Ver datas' }))

    const review = await within(dialog).findByRole('region', { name: 'Confira as datas' })
    expect(review).toHaveTextContent('1 data está ocupada: escolha outro horário, pule ou agende mesmo assim.')
    const clash = within(review).getByRole('listitem', { name: 'Sáb 04/04' })
    expect(clash).toHaveTextContent('Ana Lima já tem um compromisso neste horário')
    await user.click(within(clash).getByRole('button', { name: 'Pular esta data' }))
    expect(review).toHaveTextContent('Todas as datas estão resolvidas.')
    await user.click(within(dialog).getByRole('button', { name: 'Agendar 3 horários' }))

    expect(await screen.findByText('3 agendamentos criados')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments/series/preview')[0]?.body).toMatchObject({
      clientName: 'Seu Antônio',
      date: '2099-03-14',
      time: '09:30',
      recurrence: { everyWeeks: 3, count: 4 },
    })
    const sent = callsTo('POST /api/v1/appointments/series')[0]?.body as { occurrences: unknown[]; force?: boolean }
    expect(sent.force).toBeUndefined()
    expect(sent.occurrences).toEqual([
      { date: '2099-03-14', time: '09:30', skip: false, force: false },
      { date: '2099-04-04', time: '09:30', skip: true, force: false },
      { date: '2099-04-25', time: '09:30', skip: false, force: false },
      { date: '2099-05-16', time: '09:30', skip: false, force: false },
    ])
    expect(callsTo('POST /api/v1/appointments')).toHaveLength(0)
  })

  it('cancels an appointment of a series and the ones after it, after asking', async () => {
    const one = appointmentFixture({ id: 's1', date: '2099-03-14', time: '09:30', seriesId: 'serie-1', clientName: 'Seu Antônio' })
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=list&date=2099-03-14',
      { 'POST /api/v1/appointments/s1/following/cancel': json(200, { count: 4 }) },
      [one],
    )
    await user.click(await screen.findByRole('button', { name: 'Seu Antônio' }))
    const details = await screen.findByRole('dialog', { name: /Seu Antônio/ })
    expect(details).toHaveTextContent('Faz parte de uma série de horários')
    await user.click(within(details).getByRole('button', { name: 'Cancelar este e os próximos' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Cancelar este e os próximos?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancelar horários' }))
    expect(await screen.findByText('4 agendamentos cancelados')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments/s1/following/cancel')).toHaveLength(1)
  })

  it('cancels a whole visit of several services from any of them, after asking', async () => {
    const cut = appointmentFixture({ id: 'v1', date: '2099-03-14', time: '09:30', visitId: 'visita-1', clientName: 'Seu Antônio' })
    const nails = appointmentFixture({ id: 'v2', date: '2099-03-14', time: '10:15', serviceId: 's2', professionalId: 'p3', visitId: 'visita-1', clientName: 'Seu Antônio' })
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=day&date=2099-03-14',
      { 'POST /api/v1/appointments/v2/visit/cancel': json(200, { count: 2 }) },
      [cut, nails],
    )
    await user.click(await screen.findByRole('button', { name: /Seu Antônio.*10:15|10:15.*Seu Antônio/ }))
    const details = await screen.findByRole('dialog', { name: /Seu Antônio/ })
    expect(details).toHaveTextContent('Visita com 2 serviços')
    expect(details).toHaveTextContent('09:30 Corte · 10:15 Manicure')
    await user.click(within(details).getByRole('button', { name: 'Cancelar a visita toda' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Cancelar a visita toda?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancelar serviços' }))
    expect(await screen.findByText('2 serviços cancelados')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments/v2/visit/cancel')).toHaveLength(1)
  })

  it('refuses a phone that is not Brazilian and an impossible date without saving', async () => {
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=list')
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Maria')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '1181234567')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe um telefone com DDD, como (11) 91234-5678')).toBeInTheDocument()
    expect(within(dialog).getByText('Escolha o serviço', { selector: '[role="alert"]' })).toBeInTheDocument()
    expect(within(dialog).getByText('Informe um horário entre 00:00 e 23:59')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments')).toHaveLength(0)
  })

  it('asks before booking over another appointment, then sends force', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: [] }]),
      'POST /api/v1/appointments': (call: Call, index) =>
        index === 0
          ? apiError(409, 'conflict', 'Ana Lima já tem um compromisso neste horário. Confirme para agendar mesmo assim.', {
              fields: { time: 'Horário ocupado' },
            })
          : json(201, appointmentFixture({ ...(call.body as object), id: 'n2' })),
    })
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'João Pedro')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '21987654321')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Ana Lima' }))
    expect(await within(dialog).findByText(/Nenhum horário livre neste dia/)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Horário'), '14:15')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    const confirm = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    expect(confirm).toHaveTextContent('Ana Lima já tem um compromisso neste horário. Confirme para agendar mesmo assim.')
    expect(callsTo('POST /api/v1/appointments')).toHaveLength(1)
    await user.click(within(confirm).getByRole('button', { name: 'Agendar mesmo assim' }))

    expect(await screen.findByText('Agendamento criado')).toBeInTheDocument()
    const posts = callsTo('POST /api/v1/appointments')
    expect(posts.map((c) => (c.body as { force: boolean }).force)).toEqual([false, true])
    expect(posts[1]?.body).toMatchObject({ time: '14:15', clientPhone: '+5521987654321' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo agendamento' })).not.toBeInTheDocument())
  })

  it('at the free limit, shows the server\'s message for 5 s and opens Planos', async () => {
    const error = vi.spyOn(toast, 'error')
    const limit =
      'Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.'
    const { user, router } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['10:00'] }]),
      'POST /api/v1/appointments': apiError(402, 'plan_limit', limit),
    })
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'João Pedro')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '21987654321')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Ana Lima' }))
    await user.click(await within(dialog).findByRole('button', { name: '10:00' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText(limit)).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(limit, expect.objectContaining({ duration: 5000 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
    expect(screen.queryByRole('dialog', { name: 'Novo agendamento' })).not.toBeInTheDocument()
  })

  it('keeps the dialog open when the owner prefers another time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=list', {
      'GET /api/v1/availability': json(200, []),
      'POST /api/v1/appointments': apiError(409, 'conflict', 'Ana Lima já tem um compromisso neste horário.'),
    })
    await user.click(screen.getByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'João')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '21987654321')
    await user.click(within(dialog).getByRole('radio', { name: 'Corte' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Ana Lima' }))
    await user.type(within(dialog).getByLabelText('Horário'), '14:15')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    await user.click(within(confirm).getByRole('button', { name: 'Escolher outro horário' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(screen.getByRole('dialog', { name: 'Novo agendamento' })).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments')).toHaveLength(1)
  })

  it('changes a status in one tap, at once, and rolls it back when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const patch = deferred()
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=list',
      { 'PATCH /api/v1/appointments/a1/status': patch.reply },
      [appointmentFixture()],
    )
    const row = await screen.findByRole('row', { name: 'Maria Souza' })
    expect(row).toHaveTextContent('Agendado')
    await user.click(within(row).getByRole('button', { name: 'Confirmar' }))
    // Shown before the server answers.
    expect(await within(row).findByText('Confirmado')).toBeInTheDocument()
    expect(callsTo('PATCH /api/v1/appointments/a1/status')[0]?.body).toEqual({ status: 'confirmed' })

    patch.send(apiError(500, 'internal', 'Erro interno'))
    expect(await within(row).findByText('Agendado')).toBeInTheDocument()
    expect(await screen.findByText('Erro interno')).toBeInTheDocument()
  })

  it('keeps a one-tap change the server accepted', async () => {
    let current = appointmentFixture({ status: 'confirmed' })
    const { user } = await openAgenda(
      '/dashboard/appointments?view=list',
      {
        'GET /api/v1/appointments': () => json(200, { items: [current], total: 1 }),
        'PATCH /api/v1/appointments/a1/status': (call: Call) => {
          current = { ...current, ...(call.body as object) }
          return json(200, current)
        },
      },
    )
    const row = await screen.findByRole('row', { name: 'Maria Souza' })
    expect(within(row).queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Concluir' }))
    expect(await within(row).findByText('Concluído')).toBeInTheDocument()
    // Done: only 'Reabrir' is left (for a mistaken tap), and no reminder to send.
    expect(await within(row).findByRole('button', { name: 'Reabrir' })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Concluir' })).not.toBeInTheDocument()
    expect(within(row).queryByRole('link', { name: /lembrete/i })).not.toBeInTheDocument()
  })

  it("completes in one tap with the store's usual payment method, or another chosen beside it", async () => {
    let items = [
      appointmentFixture({ status: 'confirmed' }),
      appointmentFixture({ id: 'a2', clientName: 'João Pedro', clientPhone: '+5521987654321', time: '15:00' }),
      appointmentFixture({ id: 'a3', clientName: 'Rita Lopes', clientPhone: '+5531988887777', time: '16:00', paymentMethod: 'pix' }),
    ]
    const patch = (call: Call) => {
      const id = call.path.split('/').at(-2)
      items = items.map((a) => (a.id === id ? { ...a, ...(call.body as object) } : a))
      return json(200, items.find((a) => a.id === id))
    }
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=list', {
      'GET /api/v1/appointments': () => json(200, { items, total: items.length }),
      'PATCH /api/v1/appointments/a1/status': patch,
      'PATCH /api/v1/appointments/a2/status': patch,
      'PATCH /api/v1/appointments/a3/status': patch,
      ...Object.fromEntries(
        ['5511912345678', '5521987654321', '5531988887777'].map((phone) => [
          `GET /api/v1/clients/%2B${phone}/rewards`,
          json(200, { earned: [], cards: [], redemptions: [] }),
        ]),
      ),
    })
    const body = (id: string) => callsTo(`PATCH /api/v1/appointments/${id}/status`)[0]?.body

    // The store takes cash first (Perfil da Loja › Pagamentos): one tap records it.
    const maria = await screen.findByRole('row', { name: 'Maria Souza' })
    expect(within(maria).getByRole('button', { name: 'Forma de pagamento: Dinheiro' })).toBeInTheDocument()
    await user.click(within(maria).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(body('a1')).toEqual({ status: 'completed', paymentMethod: 'cash' }))
    expect(await within(maria).findByText('Concluído')).toBeInTheDocument()

    // Another way of paying: the choices, the usual one ticked, 'Concluir' to finish.
    const joao = screen.getByRole('row', { name: 'João Pedro' })
    await user.click(within(joao).getByRole('button', { name: 'Forma de pagamento: Dinheiro' }))
    const sheet = await screen.findByRole('dialog', { name: 'Concluir atendimento' })
    expect(sheet).toHaveTextContent('Como João pagou?')
    const choices = within(sheet).getByRole('radiogroup', { name: 'Forma de pagamento' })
    expect(within(choices).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Pix',
      'Dinheiro',
      'Cartão de crédito',
      'Cartão de débito',
      'Outro',
    ])
    expect(within(choices).getByRole('radio', { name: 'Dinheiro' })).toBeChecked()
    await user.click(within(choices).getByRole('radio', { name: 'Cartão de débito' }))
    await user.click(within(sheet).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(body('a2')).toEqual({ status: 'completed', paymentMethod: 'debit_card' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Concluir atendimento' })).not.toBeInTheDocument())

    // A method already told (at booking or in an edit) is the one offered.
    const rita = screen.getByRole('row', { name: 'Rita Lopes' })
    await user.click(within(rita).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(body('a3')).toEqual({ status: 'completed', paymentMethod: 'pix' }))
  })

  it('offers the reward a completed visit earned, registers it on that visit and takes it back with Desfazer', async () => {
    let current = appointmentFixture({ status: 'confirmed' })
    const reward = (promotionId: string, name: string, prize: string) => ({
      promotionId,
      promotionName: name,
      reward: prize,
      card: {
        phone: '+5511912345678',
        name: 'Maria Souza',
        appointments: 10,
        value: 50000,
        earned: true,
        earnedOn: '2099-03-14',
        expiresOn: '2099-04-13',
        missingVisits: 0,
        missingValue: 0,
        oneVisitAway: false,
        lastVisit: '2099-03-14',
      },
    })
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=list', {
      'GET /api/v1/appointments': () => json(200, { items: [current], total: 1 }),
      'PATCH /api/v1/appointments/a1/status': (call: Call) => {
        current = { ...current, ...(call.body as object) }
        return json(200, current)
      },
      'GET /api/v1/clients/%2B5511912345678/rewards': json(200, {
        earned: [reward('pr1', 'Cartão fidelidade', 'Escova grátis'), reward('pr2', 'Clube da Hidratação', 'Hidratação')],
        cards: [],
        redemptions: [],
      }),
      'POST /api/v1/promotions/pr1/redemptions': (call: Call) =>
        json(201, { id: 'r1', promotionId: 'pr1', promotionName: 'Cartão fidelidade', reward: 'Escova grátis', createdAt: '', ...(call.body as object) }),
      'DELETE /api/v1/redemptions/r1': json(204),
    })
    const row = await screen.findByRole('row', { name: 'Maria Souza' })
    await user.click(within(row).getByRole('button', { name: 'Concluir' }))

    const ask = await screen.findByRole('alertdialog', { name: 'Cliente ganhou: Escova grátis' })
    expect(ask).toHaveTextContent('Maria completou o cartão “Cartão fidelidade”. Vale até 13/04/2099.')
    await user.click(within(ask).getByRole('button', { name: 'Registrar uso' }))
    expect(await screen.findByText('Prêmio registrado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/promotions/pr1/redemptions')[0]?.body).toEqual({
      clientPhone: '+5511912345678',
      appointmentId: 'a1',
    })
    // fireEvent: sonner's swipe handler needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(await screen.findByText('Uso do prêmio desfeito')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/redemptions/r1')).toHaveLength(1)

    // The second reward is offered next; 'Agora não' leaves it for another visit.
    const next = await screen.findByRole('alertdialog', { name: 'Cliente ganhou: Hidratação' })
    await user.click(within(next).getByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(callsTo('POST /api/v1/promotions/pr2/redemptions')).toHaveLength(0)
  })

  it('asks nothing when the completed visit earned no reward', async () => {
    let current = appointmentFixture({ status: 'confirmed' })
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=list', {
      'GET /api/v1/appointments': () => json(200, { items: [current], total: 1 }),
      'PATCH /api/v1/appointments/a1/status': (call: Call) => {
        current = { ...current, ...(call.body as object) }
        return json(200, current)
      },
      'GET /api/v1/clients/%2B5511912345678/rewards': json(200, { earned: [], cards: [], redemptions: [] }),
    })
    const row = await screen.findByRole('row', { name: 'Maria Souza' })
    await user.click(within(row).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(callsTo('GET /api/v1/clients/%2B5511912345678/rewards')).toHaveLength(1))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('asks before taking back a cancelled time that was booked meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let current = appointmentFixture({ status: 'cancelled' })
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=day&date=2099-03-14',
      {
        'GET /api/v1/appointments': () => json(200, { items: [current], total: 1 }),
        'PATCH /api/v1/appointments/a1/status': apiError(
          409,
          'conflict',
          'Ana Lima já tem um compromisso neste horário. Confirme para agendar mesmo assim.',
        ),
        'PUT /api/v1/appointments/a1': (call: Call) => {
          const { force: _force, ...fields } = call.body as { force: boolean }
          current = { ...current, ...fields }
          return json(200, current)
        },
      },
    )
    await user.click(await screen.findByRole('button', { name: /14:00 Maria Souza/ }))
    const details = await screen.findByRole('dialog', { name: /Maria Souza/ })
    expect(within(details).queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument()
    await user.click(within(details).getByRole('button', { name: 'Reabrir' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    expect(confirm).toHaveTextContent('Ana Lima já tem um compromisso neste horário.')
    // Rolled back while it asks.
    expect(within(details).getByText('Cancelado')).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Marcar como agendado' }))
    await waitFor(() => expect(callsTo('PUT /api/v1/appointments/a1')).toHaveLength(1))
    expect(callsTo('PUT /api/v1/appointments/a1')[0]?.body).toMatchObject({ status: 'scheduled', force: true, time: '14:00' })
    expect(await within(details).findByText('Agendado')).toBeInTheDocument()
  })

  it('edits an appointment from its details, showing the change at once and undoing it on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const put = deferred()
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=day&date=2099-03-14',
      {
        'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['14:00', '15:00'] }]),
        'PUT /api/v1/appointments/a1': put.reply,
      },
      [appointmentFixture()],
    )
    await user.click(await screen.findByRole('button', { name: /14:00 Maria Souza/ }))
    const details = await screen.findByRole('dialog', { name: /Maria Souza/ })
    await user.click(within(details).getByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' })
    expect(within(dialog).getByLabelText('Telefone (WhatsApp)')).toHaveValue('(11) 91234-5678')
    expect(within(dialog).getByRole('radio', { name: 'Ana Lima' })).toBeChecked()
    await user.click(await within(dialog).findByRole('button', { name: '15:00' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    // The agenda (behind the dialog, hidden from the accessibility tree) moves the block before
    // the server answers.
    expect(await screen.findByRole('button', { name: /15:00 Maria Souza/, hidden: true })).toBeInTheDocument()
    expect(callsTo('GET /api/v1/availability')[0]?.query.except).toBe('a1')
    expect(callsTo('PUT /api/v1/appointments/a1')[0]?.body).toMatchObject({ time: '15:00', force: false })

    put.send(apiError(500, 'internal', 'Erro interno'))
    expect(await screen.findByRole('button', { name: /14:00 Maria Souza/, hidden: true })).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Editar agendamento' })).toBeInTheDocument()
  })

  it("edits an appointment of a series with 'este e os próximos', or only it", async () => {
    const one = appointmentFixture({ seriesId: 'serie-1' })
    let clashes = 0
    const routes: Routes = {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['14:00', '15:00'] }]),
      'PUT /api/v1/appointments/a1/following': (call: Call) =>
        clashes-- > 0 && !(call.body as { force: boolean }).force
          ? apiError(409, 'conflict', 'Em 04/04/2099: Ana Lima já tem um compromisso neste horário. Confirme para agendar mesmo assim.')
          : json(200, { count: 3 }),
      'PUT /api/v1/appointments/a1': json(200, { ...one, time: '15:00' }),
    }
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', routes, [one])
    const edit = async () => {
      await user.click(await screen.findByRole('button', { name: /14:00 Maria Souza/ }))
      const details = await screen.findByRole('dialog', { name: /Maria Souza/ })
      await user.click(within(details).getByRole('button', { name: 'Editar' }))
      const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' })
      await user.click(await within(dialog).findByRole('button', { name: '15:00' }))
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
      return screen.findByRole('alertdialog', { name: 'Alterar a série?' })
    }
    let ask = await edit()
    await user.click(within(ask).getByRole('button', { name: 'Este e os próximos' }))
    expect(await screen.findByText('3 agendamentos atualizados')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/appointments/a1/following')[0]?.body).toMatchObject({ time: '15:00' })
    expect(callsTo('PUT /api/v1/appointments/a1')).toHaveLength(0)

    // A later date that clashes asks, then the rest moves anyway.
    clashes = 1
    ask = await edit()
    await user.click(within(ask).getByRole('button', { name: 'Este e os próximos' }))
    const clash = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    expect(clash).toHaveTextContent('Em 04/04/2099: Ana Lima já tem um compromisso')
    await user.click(within(clash).getByRole('button', { name: 'Agendar mesmo assim' }))
    await waitFor(() => expect(callsTo('PUT /api/v1/appointments/a1/following')).toHaveLength(3))
    expect(callsTo('PUT /api/v1/appointments/a1/following')[2]?.body).toMatchObject({ force: true })

    ask = await edit()
    await user.click(within(ask).getByRole('button', { name: 'Só este' }))
    await waitFor(() => expect(callsTo('PUT /api/v1/appointments/a1')).toHaveLength(1))
    expect(callsTo('PUT /api/v1/appointments/a1/following')).toHaveLength(3)
  })

  it("moves a visit's services together with 'a visita toda', asking first on a clash", async () => {
    const one = appointmentFixture({ visitId: 'visita-1' })
    let clashes = 1
    const routes: Routes = {
      'GET /api/v1/availability': json(200, [{ date: '2099-03-14', times: ['14:00', '15:00'] }]),
      'PUT /api/v1/appointments/a1/visit': (call: Call) =>
        clashes-- > 0 && !(call.body as { force?: boolean }).force
          ? apiError(409, 'conflict', 'Carla Mota já tem um compromisso neste horário. Confirme para agendar mesmo assim.')
          : json(200, { count: 2 }),
    }
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', routes, [one])
    await user.click(await screen.findByRole('button', { name: /14:00 Maria Souza/ }))
    const details = await screen.findByRole('dialog', { name: /Maria Souza/ })
    await user.click(within(details).getByRole('button', { name: 'Editar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' })
    await user.click(await within(dialog).findByRole('button', { name: '15:00' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Remarcar a visita toda?' })
    await user.click(within(ask).getByRole('button', { name: 'A visita toda' }))
    const clash = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    await user.click(within(clash).getByRole('button', { name: 'Agendar mesmo assim' }))
    expect(await screen.findByText('Visita remarcada: 2 serviços')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/appointments/a1/visit').map((c) => c.body)).toEqual([
      { date: '2099-03-14', time: '15:00', force: false },
      { date: '2099-03-14', time: '15:00', force: true },
    ])
  })

  it('opens WhatsApp with the reminder and records it', async () => {
    let current = appointmentFixture()
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {
      'GET /api/v1/appointments': () => json(200, { items: [current], total: 1 }),
      'POST /api/v1/appointments/a1/reminder': () => {
        current = { ...current, reminderSentAt: '2099-03-13T12:00:00Z' }
        return json(200, current)
      },
    })
    await user.click(await screen.findByRole('button', { name: /14:00 Maria Souza/ }))
    const details = await screen.findByRole('dialog', { name: /Maria Souza/ })
    const link = await within(details).findByRole('link', { name: 'Enviar lembrete' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.origin + href.pathname).toBe('https://wa.me/5511912345678')
    expect(href.searchParams.get('text')).toBe(
      'Olá, Maria! Passando para lembrar do seu horário de Corte com Ana Lima no Salão Bela Vida, sábado, 14/03, às 14:00. Endereço: Rua das Flores, 10. Até lá!',
    )
    link.addEventListener('click', (event) => event.preventDefault())
    await user.click(link)
    expect(await within(details).findByRole('link', { name: /Lembrete enviado/ })).toBeInTheDocument()
    expect(callsTo('POST /api/v1/appointments/a1/reminder')).toHaveLength(1)
  })

  it('strikes a deleted appointment through and brings it back with Desfazer', async () => {
    const trashed = { ...appointmentFixture(), id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }
    const { user, callsTo } = await openAgenda(
      '/dashboard/appointments?view=list',
      {
        'DELETE /api/v1/appointments/a1': json(200, trashed),
        'POST /api/v1/trash/t1/restore': json(201, appointmentFixture({ id: 'a7' })),
      },
      [appointmentFixture()],
    )
    const row = await screen.findByRole('row', { name: 'Maria Souza' })
    await user.click(within(row).getByRole('button', { name: 'Excluir agendamento' }))
    expect(within(row).getByText('Excluído')).toBeInTheDocument()
    expect(row).toHaveClass('line-through')
    expect(await screen.findByText('Agendamento excluído')).toBeInTheDocument()
    // fireEvent: sonner's swipe handler needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(await screen.findByText('Agendamento restaurado')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/appointments/a1')).toHaveLength(1)
    expect(callsTo('POST /api/v1/trash/t1/restore')).toHaveLength(1)
    expect(await screen.findByRole('row', { name: 'Maria Souza' })).not.toHaveClass('line-through')
  })

  it('lists the trash with restore and a confirmed permanent delete', async () => {
    const trashed = { ...appointmentFixture(), id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }
    let trash = [trashed]
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=trash', {
      'GET /api/v1/trash': () => json(200, { items: trash, total: trash.length, retentionDays: 30 }),
      'DELETE /api/v1/trash/t1': () => {
        trash = []
        return json(204)
      },
    })
    expect(await screen.findByText('Itens na lixeira há mais de 30 dias são excluídos automaticamente.')).toBeInTheDocument()
    const item = await screen.findByRole('article', { name: 'Maria Souza' })
    expect(item).toHaveTextContent('Corte com Ana Lima, sábado, 14/03 às 14:00')
    await user.click(within(item).getByRole('button', { name: 'Excluir definitivamente' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir definitivamente?' })
    expect(callsTo('DELETE /api/v1/trash/t1')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Excluir definitivamente' }))
    expect(await screen.findByText('A lixeira está vazia.')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/trash/t1')).toHaveLength(1)
  })

  it('asks before restoring into a time taken meanwhile, then confirms with force', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const trashed = { ...appointmentFixture(), id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }
    const { user, callsTo } = await openAgenda('/dashboard/appointments?view=trash', {
      'GET /api/v1/trash': json(200, { items: [trashed], total: 1, retentionDays: 30 }),
      'POST /api/v1/trash/t1/restore': (call) =>
        (call.body as { force?: boolean } | undefined)?.force
          ? json(201, appointmentFixture({ id: 'a7' }))
          : apiError(409, 'conflict', 'Ana Lima já tem um compromisso neste horário. Confirme para agendar mesmo assim.'),
    })
    const item = await screen.findByRole('article', { name: 'Maria Souza' })
    await user.click(within(item).getByRole('button', { name: 'Restaurar' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Horário ocupado' })
    expect(confirm).toHaveTextContent('Ana Lima já tem um compromisso neste horário.')
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar mesmo assim' }))
    expect(await screen.findByText('Agendamento restaurado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/trash/t1/restore').map((c) => c.body)).toEqual([undefined, { force: true }])
  })

  it('at the free limit, a restore from the trash shows the message for 5 s and opens Planos', async () => {
    const error = vi.spyOn(toast, 'error')
    const limit =
      'Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.'
    const trashed = { ...appointmentFixture(), id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }
    const { user, router } = await openAgenda('/dashboard/appointments?view=trash', {
      'GET /api/v1/trash': json(200, { items: [trashed], total: 1, retentionDays: 30 }),
      'POST /api/v1/trash/t1/restore': apiError(402, 'plan_limit', limit),
    })
    const item = await screen.findByRole('article', { name: 'Maria Souza' })
    await user.click(within(item).getByRole('button', { name: 'Restaurar' }))
    expect(await screen.findByText(limit)).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(limit, expect.objectContaining({ duration: 5000 }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'))
  })

  it('puts a failed restore from the trash back in the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const trashed = { ...appointmentFixture(), id: 't1', originalId: 'a1', deletedAt: '2099-03-10T12:00:00Z' }
    const restore = deferred()
    const { user } = await openAgenda('/dashboard/appointments?view=trash', {
      'GET /api/v1/trash': json(200, { items: [trashed], total: 1, retentionDays: 30 }),
      'POST /api/v1/trash/t1/restore': restore.reply,
    })
    const item = await screen.findByRole('article', { name: 'Maria Souza' })
    await user.click(within(item).getByRole('button', { name: 'Restaurar' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Maria Souza' })).not.toBeInTheDocument())
    restore.send(apiError(422, 'invalid', 'Serviço não encontrado'))
    expect(await screen.findByText('Não foi possível restaurar: Serviço não encontrado')).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Maria Souza' })).toBeInTheDocument()
  })
})

describe("'Minha agenda'", { timeout: 20_000 }, () => {
  it('narrows the agenda to the professional the owner is, and back to the whole team', async () => {
    const seat = { storeId: 'user-1', role: 'dono', professionalId: 'p2' }
    const { callsTo, user } = await openAgenda('/dashboard/appointments?date=2026-03-02', {
      'POST /api/v1/auth/refresh': () => {
        const r = sessionResponse()
        return json(200, { ...r, store: { ...seat, storeId: r.session.user.id } })
      },
    })
    const mine = await screen.findByRole('button', { name: 'Minha agenda', pressed: false })
    await user.click(mine)
    expect(await screen.findByRole('button', { name: 'Minha agenda', pressed: true })).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /api/v1/appointments').some((c) => c.query.professionalId === 'p2')).toBe(true))
    expect(screen.queryByRole('heading', { name: 'Ana Lima' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Minha agenda', pressed: true }))
    expect(await screen.findByRole('button', { name: 'Minha agenda', pressed: false })).toBeInTheDocument()
  })

  it('is not offered to an owner who serves no clients', async () => {
    await openAgenda('/dashboard/appointments')
    expect(screen.queryByRole('button', { name: 'Minha agenda' })).not.toBeInTheDocument()
  })

  it("draws a colour's pause and cleaning, with the client booked in the pause over it", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }))
    const colour = appointmentFixture({
      id: 'c1',
      date: '2099-03-14',
      time: '10:00',
      durationMin: 90,
      clientName: 'Cliente da cor',
      processingStart: 30,
      processingMin: 40,
      bufferAfter: 10,
    })
    const nails = appointmentFixture({ id: 'n1', date: '2099-03-14', time: '10:30', durationMin: 30, clientName: 'Cliente da unha' })
    await openAgenda('/dashboard/appointments?view=day&date=2099-03-14', {}, [colour, nails])
    const ana = await screen.findByRole('group', { name: 'Agenda de Ana Lima' })
    const colourBlock = await within(ana).findByRole('button', { name: /Cliente da cor/ })
    expect(colourBlock).toHaveAccessibleName(/pausa das 10:30 às 11:10/)
    const pause = within(ana).getByRole('button', { name: 'Pausa 10:30–11:10: novo agendamento com Ana Lima' })
    expect(pause).toHaveTextContent('Pausa 10:30–11:10')
    const nailsBlock = within(ana).getByRole('button', { name: /Cliente da unha/ })
    // One lane, the manicure set in over the pause rather than squeezed beside the colour.
    expect(colourBlock.style.width).toBe('calc(100% - 4px)')
    expect(nailsBlock.style.left).toBe('calc(0% + 20px)')
    expect(ana.querySelector('[title="Limpeza"]')).not.toBeNull()
    // A tap on the pause books another client there.
    await userEvent.setup().click(pause)
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(dialog).getByLabelText('Horário')).toHaveValue('10:30')
    vi.unstubAllGlobals()
  })
})
