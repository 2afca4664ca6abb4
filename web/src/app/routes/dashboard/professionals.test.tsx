import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import type { BlockedTime } from '@/features/blocked-times/api/get-blocked-times'
import type { Professional } from '@/features/professionals/api/get-professionals'
import { todayIn } from '@/lib/dates'
import { defaultWorkingHours } from '@/lib/working-hours'
import { apiError, json, type Call } from '@/test/api-mock'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const ana: Professional = {
  id: 'p1',
  name: 'Ana Lima',
  role: 'Cabeleireira',
  specialties: ['Corte', 'Coloração'],
  calendarType: 'app',
  workingHours: null,
  bookingInterval: 30,
  googleCalendarEmbed: null,
  photos: ['/files/ph1', '/files/ph2'],
  commissionPct: 40,
  createdAt: '2026-01-01T12:00:00Z',
}

const bruno: Professional = {
  ...ana,
  id: 'p2',
  name: 'Bruno Alves',
  role: 'Barbeiro',
  specialties: [],
  calendarType: 'google',
  googleCalendarEmbed: 'https://calendar.google.com/calendar/embed?src=bruno',
  photos: [],
  bookingInterval: 45,
  commissionPct: 0,
}

const embed = 'https://calendar.google.com/calendar/embed?src=carla%40gmail.com'

function created(call: Call) {
  return json(201, { ...(call.body as object), id: 'p9', createdAt: '2026-02-01T12:00:00Z' })
}

async function openPage(routes: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn({ 'GET /api/v1/professionals': json(200, [ana, bruno]), ...routes })
  renderApp('/dashboard/professionals')
  await screen.findByRole('heading', { level: 1, name: 'Profissionais' })
  return { ...api, user: userEvent.setup() }
}

const card = (name: string) => screen.getByRole('article', { name })

describe('Profissionais', { timeout: 15_000 }, () => {
  it('lists the professionals with photo or initials, role, specialties and interval', async () => {
    await openPage()
    expect(await screen.findByRole('article', { name: 'Ana Lima' })).toBeInTheDocument()
    const first = card('Ana Lima')
    expect(first.querySelector('img')).toHaveAttribute('src', '/files/ph1/thumb')
    expect(first).toHaveTextContent('Cabeleireira')
    expect(within(first).getByRole('list', { name: 'Especialidades' })).toHaveTextContent('CorteColoração')
    expect(first).toHaveTextContent('Intervalo:30 min')
    expect(first).toHaveTextContent('O mesmo da loja')
    expect(first).toHaveTextContent('Comissão:40%')
    const second = card('Bruno Alves')
    expect(second.querySelector('img')).toBeNull()
    expect(second).toHaveTextContent('BA')
    expect(second).toHaveTextContent('Google Agenda')
    // Oldest first, as the server lists them.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'professional-p1',
      'professional-p2',
    ])
  })

  it('says so when there is nobody yet', async () => {
    await openPage({ 'GET /api/v1/professionals': json(200, []) })
    expect(await screen.findByText('Nenhum profissional cadastrado')).toBeInTheDocument()
  })

  it('creates a professional with tags, own hours and a Google calendar', async () => {
    const { user, callsTo } = await openPage({ 'POST /api/v1/professionals': created })
    await user.click(screen.getByRole('button', { name: 'Novo profissional' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo profissional' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Carla Dias')
    await user.type(within(dialog).getByLabelText(/Função/), 'Manicure')
    await user.type(within(dialog).getByLabelText(/Especialidades/), 'Unhas{Enter}Pé,')
    await user.selectOptions(within(dialog).getByLabelText('Intervalo entre horários'), '20')
    await user.clear(within(dialog).getByLabelText('Comissão'))
    await user.type(within(dialog).getByLabelText('Comissão'), '35')

    await user.click(within(dialog).getByRole('radio', { name: /Google Agenda/ }))
    const link = within(dialog).getByLabelText('Link de incorporação do Google Agenda')
    await user.type(link, 'https://calendar.google.com/calendar/r')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText(/Use o link de incorporação do Google Agenda/)).toBeInTheDocument()
    expect(callsTo('POST /api/v1/professionals')).toHaveLength(0)

    // Pasting the whole <iframe> code keeps its address.
    await user.clear(link)
    await user.click(link)
    await user.paste(`<iframe src="${embed}" style="border: 0" width="800" height="600"></iframe>`)
    await user.tab()
    expect(link).toHaveValue(embed)

    await user.click(within(dialog).getByRole('switch', { name: 'Usar o horário da loja' }))
    await user.click(within(within(dialog).getByRole('group', { name: 'Sábado' })).getByRole('switch', { name: 'Aberto' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Profissional cadastrado')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const hours = defaultWorkingHours()
    hours.saturday.isOpen = false
    expect(callsTo('POST /api/v1/professionals')[0]?.body).toEqual({
      name: 'Carla Dias',
      role: 'Manicure',
      specialties: ['Unhas', 'Pé'],
      calendarType: 'google',
      workingHours: hours,
      bookingInterval: 20,
      googleCalendarEmbed: embed,
      photos: [],
      commissionPct: 35,
    })
  })

  it('edits a professional: photos reordered and removed, back to the store hours', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/professionals': json(200, [{ ...ana, workingHours: defaultWorkingHours() }]),
      'POST /api/v1/files': json(201, {
        id: 'ph3',
        url: '/files/ph3',
        thumbUrl: '/files/ph3/thumb',
        contentType: 'image/jpeg',
        width: 8,
        height: 8,
      }),
      'PUT /api/v1/professionals/p1': (call) => json(200, { ...ana, ...(call.body as object) }),
    })
    await user.click(await screen.findByRole('button', { name: 'Editar Ana Lima' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar profissional' })
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Ana Lima')
    expect(within(dialog).getByRole('button', { name: 'Remover Coloração' })).toBeInTheDocument()

    await user.upload(within(dialog).getByLabelText('Adicionar fotos'), [
      new File(['x'], 'nova.png', { type: 'image/png' }),
    ])
    expect(await within(dialog).findByRole('img', { name: 'Foto 3' })).toHaveAttribute('src', '/files/ph3/thumb')
    await user.click(within(dialog).getByRole('button', { name: 'Mover a foto 3 para a esquerda' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remover a foto 1' }))
    await user.click(within(dialog).getByRole('switch', { name: 'Usar o horário da loja' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Profissional atualizado')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/professionals/p1')[0]?.body).toMatchObject({
      photos: ['/files/ph3', '/files/ph2'],
      workingHours: null,
    })
  })

  it('closes an untouched edit at once and asks before throwing a change away', async () => {
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Editar Ana Lima' }))
    await screen.findByRole('dialog', { name: 'Editar profissional' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Editar Ana Lima' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar profissional' })
    await user.click(within(dialog).getByRole('button', { name: 'Remover Coloração' }))
    await user.keyboard('{Escape}')
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(within(dialog).queryByRole('button', { name: 'Remover Coloração' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Remover Corte' })).toBeInTheDocument()
  })

  it("shows the server's field errors in the dialog", async () => {
    const { user } = await openPage({
      'POST /api/v1/professionals': apiError(422, 'invalid', 'Imagem não encontrada: envie a imagem novamente', {
        fields: { photos: 'Imagem não encontrada' },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Novo profissional' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo profissional' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Carla')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Imagem não encontrada')).toBeInTheDocument()
    expect(dialog).toBeInTheDocument()
  })

  it('asks for the impact before deleting and says it in the dialog', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/professionals/p1/impact': json(200, { appointments: 3, blockedTimes: 1, services: 2 }),
      'DELETE /api/v1/professionals/p1': json(204),
    })
    await user.click(await screen.findByRole('button', { name: 'Excluir Ana Lima' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Ana Lima?' })
    expect(
      await within(dialog).findByText(
        'Também serão excluídos 3 agendamentos e 1 bloqueio de horário. Ana Lima deixará de aparecer nos 2 serviços que realiza. Esta ação não pode ser desfeita.',
      ),
    ).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/professionals/p1')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Profissional excluído')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/professionals/p1')).toHaveLength(1)
    // The list is asked for again; the deleted professional's impact is not (it would answer 404).
    await waitFor(() => expect(callsTo('GET /api/v1/professionals').length).toBeGreaterThan(1))
    expect(callsTo('GET /api/v1/professionals/p1/impact')).toHaveLength(1)
  })

  it('cancels a deletion without deleting', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/professionals/p2/impact': json(200, { appointments: 0, blockedTimes: 0, services: 0 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Excluir Bruno Alves' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Bruno Alves?' })
    expect(await within(dialog).findByText(/Nenhum agendamento ou bloqueio de horário será excluído/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(callsTo('DELETE /api/v1/professionals/p2')).toHaveLength(0)
  })
})

describe('Bloqueios de horário', { timeout: 15_000 }, () => {
  const today = todayIn()
  const nextYear = `${new Date().getFullYear() + 1}-03-10`
  const blocks: BlockedTime[] = [
    { id: 'b1', professionalId: 'p1', date: nextYear, startTime: '12:00', endTime: '13:00', reason: 'Almoço' },
    { id: 'b2', professionalId: 'p1', date: nextYear.replace('-10', '-12'), startTime: '00:00', endTime: '23:59', reason: null },
  ]

  it("lists a professional's blocked times from today on", async () => {
    const { user, callsTo } = await openPage({ 'GET /api/v1/blocked-times': json(200, blocks) })
    await user.click(await screen.findByRole('button', { name: 'Bloqueios de Ana Lima' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bloqueios de horário' })
    const list = await within(dialog).findByRole('list', { name: 'Bloqueios' })
    const [y] = nextYear.split('-')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText(`10/03/${y} 12:00–13:00`)).toBeInTheDocument()
    expect(within(items[0]!).getByText('Almoço')).toBeInTheDocument()
    expect(within(items[1]!).getByText(`12/03/${y}, dia inteiro`)).toBeInTheDocument()
    expect(within(items[1]!).getByText('Sem motivo informado')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/blocked-times')[0]?.query).toEqual({ professionalId: 'p1', from: today })
  })

  it('creates one, refusing an end before the start', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/blocked-times': json(200, []),
      'POST /api/v1/blocked-times': (call) => json(201, { ...(call.body as object), id: 'b9' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Bloqueios de Ana Lima' }))
    const list = await screen.findByRole('dialog', { name: 'Bloqueios de horário' })
    expect(await within(list).findByText('Nenhum bloqueio de hoje em diante.')).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Novo bloqueio' }))
    const form = await screen.findByRole('dialog', { name: 'Novo bloqueio' })
    await user.clear(within(form).getByLabelText('Data'))
    await user.type(within(form).getByLabelText('Data'), nextYear)
    await user.clear(within(form).getByLabelText('Início'))
    await user.type(within(form).getByLabelText('Início'), '14:00')
    await user.clear(within(form).getByLabelText('Fim'))
    await user.type(within(form).getByLabelText('Fim'), '13:30')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(form).findByText('O fim deve ser depois do início')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/blocked-times')).toHaveLength(0)

    await user.clear(within(form).getByLabelText('Fim'))
    await user.type(within(form).getByLabelText('Fim'), '15:30')
    await user.type(within(form).getByLabelText(/Motivo/), 'Consulta médica')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Bloqueio criado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/blocked-times')[0]?.body).toEqual({
      professionalId: 'p1',
      date: nextYear,
      startTime: '14:00',
      endTime: '15:30',
      reason: 'Consulta médica',
    })
    // Back to the list, which is asked for again.
    expect(await screen.findByRole('dialog', { name: 'Bloqueios de horário' })).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /api/v1/blocked-times').length).toBeGreaterThan(1))
  })

  it("asks before 'Voltar' throws a half-filled one away", async () => {
    const { user } = await openPage({ 'GET /api/v1/blocked-times': json(200, []) })
    await user.click(await screen.findByRole('button', { name: 'Bloqueios de Ana Lima' }))
    await user.click(await screen.findByRole('button', { name: 'Novo bloqueio' }))
    const form = await screen.findByRole('dialog', { name: 'Novo bloqueio' })
    await user.type(within(form).getByLabelText(/Motivo/), 'Dentista')
    await user.click(within(form).getByRole('button', { name: 'Voltar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })
    await user.click(within(ask).getByRole('button', { name: 'Descartar' }))
    expect(await screen.findByRole('dialog', { name: 'Bloqueios de horário' })).toBeInTheDocument()
    // Back on the list, nothing is left to lose: Escape closes.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('blocks a whole day and refuses a past date', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/blocked-times': json(200, []),
      'POST /api/v1/blocked-times': (call) => json(201, { ...(call.body as object), id: 'b9' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Bloqueios de Ana Lima' }))
    await user.click(await screen.findByRole('button', { name: 'Novo bloqueio' }))
    const form = await screen.findByRole('dialog', { name: 'Novo bloqueio' })
    await user.clear(within(form).getByLabelText('Data'))
    await user.type(within(form).getByLabelText('Data'), '2020-01-01')
    await user.click(within(form).getByRole('checkbox', { name: 'Dia inteiro' }))
    expect(within(form).queryByLabelText('Início')).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(form).findByText('Escolha hoje ou uma data futura')).toBeInTheDocument()
    await user.clear(within(form).getByLabelText('Data'))
    await user.type(within(form).getByLabelText('Data'), nextYear)
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Bloqueio criado')
    expect(callsTo('POST /api/v1/blocked-times')[0]?.body).toEqual({
      professionalId: 'p1',
      date: nextYear,
      startTime: '00:00',
      endTime: '23:59',
      reason: null,
    })
  })

  it('edits and deletes a blocked time', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/blocked-times': json(200, blocks),
      'PUT /api/v1/blocked-times/b1': (call) => json(200, { ...(call.body as object), id: 'b1' }),
      'DELETE /api/v1/blocked-times/b2': json(204),
    })
    await user.click(await screen.findByRole('button', { name: 'Bloqueios de Ana Lima' }))
    const list = await screen.findByRole('dialog', { name: 'Bloqueios de horário' })
    await user.click(await within(list).findByRole('button', { name: /Editar o bloqueio de 10\/03/ }))
    const form = await screen.findByRole('dialog', { name: 'Editar bloqueio' })
    expect(within(form).getByLabelText(/Motivo/)).toHaveValue('Almoço')
    await user.clear(within(form).getByLabelText('Fim'))
    await user.type(within(form).getByLabelText('Fim'), '14:00')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Bloqueio atualizado')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/blocked-times/b1')[0]?.body).toMatchObject({ endTime: '14:00', reason: 'Almoço' })

    const again = await screen.findByRole('dialog', { name: 'Bloqueios de horário' })
    await user.click(await within(again).findByRole('button', { name: /Excluir o bloqueio de 12\/03/ }))
    const confirm = within(again).getByRole('group', { name: 'Confirmar exclusão' })
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Bloqueio excluído')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/blocked-times/b2')).toHaveLength(1)
  })
})
