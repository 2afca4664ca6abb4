import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import type { Service } from '@/features/services/api/get-services'
import { json, type Call } from '@/test/api-mock'
import { NO_TIMING } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const professionals = [
  { id: 'p1', name: 'Ana Lima', role: '', specialties: [], calendarType: 'app', workingHours: null, bookingInterval: 30, googleCalendarEmbed: null, photos: [], commissionPct: 0, createdAt: '' },
  { id: 'p2', name: 'Bruno Alves', role: '', specialties: [], calendarType: 'app', workingHours: null, bookingInterval: 30, googleCalendarEmbed: null, photos: [], commissionPct: 0, createdAt: '' },
]

const corte: Service = {
  id: 's1',
  name: 'Corte',
  description: 'Lavagem, corte e escova.',
  duration: 90,
  price: 4590,
  professionalIds: ['p2', 'p1'],
  createdAt: '2026-01-01T12:00:00Z',
  includes: [],
  ...NO_TIMING,
}
const avaliacao: Service = { ...corte, id: 's2', name: 'Avaliação', description: '', duration: 15, price: null, professionalIds: [] }

async function openPage(routes: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn({
    'GET /api/v1/services': json(200, [corte, avaliacao]),
    'GET /api/v1/professionals': json(200, professionals),
    ...routes,
  })
  renderApp('/dashboard/services')
  await screen.findByRole('heading', { level: 1, name: 'Serviços' })
  return { ...api, user: userEvent.setup() }
}

function created(call: Call) {
  return json(201, { ...(call.body as object), id: 's9', createdAt: '2026-02-01T12:00:00Z' })
}

describe('Serviços', { timeout: 15_000 }, () => {
  it('lists services with duration, price and who performs them', async () => {
    await openPage()
    const card = await screen.findByRole('article', { name: 'Corte' })
    expect(card).toHaveTextContent(/R\$\s45,90/)
    expect(card).toHaveTextContent('1h 30min')
    // In the professionals' order, not the ids' order.
    await waitFor(() => expect(card).toHaveTextContent('Ana Lima, Bruno Alves'))
    const other = screen.getByRole('article', { name: 'Avaliação' })
    expect(other).toHaveTextContent('Sem preço')
    expect(other).toHaveTextContent('15 min')
    expect(other).toHaveTextContent('Nenhum profissional escolhido')
  })

  it('creates a service from a price typed the Brazilian way', async () => {
    const { user, callsTo } = await openPage({ 'POST /api/v1/services': created })
    await user.click(screen.getByRole('button', { name: 'Novo serviço' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo serviço' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Coloração')
    await user.type(within(dialog).getByLabelText(/Descrição/), 'Raiz e pontas.')
    await user.click(within(dialog).getByRole('button', { name: '2h' }))
    expect(within(dialog).getByLabelText('Duração')).toHaveValue('120')
    await user.type(within(dialog).getByLabelText(/Preço/), '1.234,5')
    await user.tab()
    expect(within(dialog).getByLabelText(/Preço/)).toHaveValue('1.234,50')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bruno Alves' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana Lima' }))
    // The colour's 40 minutes to act, 30 minutes in, and 10 minutes to clean after.
    const pause = within(dialog).getByRole('group', { name: /Pausa/ })
    await user.type(within(pause).getByLabelText('Começa após'), '30')
    await user.type(within(pause).getByLabelText('Tempo de pausa'), '40')
    await user.type(within(within(dialog).getByRole('group', { name: /Preparo e limpeza/ })).getByLabelText('Depois'), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Serviço cadastrado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/services')[0]?.body).toEqual({
      name: 'Coloração',
      description: 'Raiz e pontas.',
      duration: 120,
      price: 123450,
      professionalIds: ['p1', 'p2'],
      bufferBefore: 0,
      bufferAfter: 10,
      processingStart: 30,
      processingMin: 40,
      includes: [],
    })
  })

  it("sells a combo as one: 'Dia da noiva' with what it includes, at its own price", async () => {
    const noiva = { ...corte, id: 's3', name: 'Dia da noiva', includes: ['s1', 's2'] }
    const { user, callsTo } = await openPage({
      'GET /api/v1/services': json(200, [corte, avaliacao, noiva]),
      'POST /api/v1/services': created,
    })
    expect(await screen.findByRole('article', { name: 'Dia da noiva' })).toHaveTextContent('Inclui Corte, Avaliação')
    await user.click(screen.getByRole('button', { name: 'Novo serviço' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo serviço' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Dia do noivo')
    const combo = within(dialog).getByRole('group', { name: /Pacote/ })
    // A combo holds plain services only: 'Dia da noiva' is not offered.
    expect(within(combo).queryByRole('checkbox', { name: 'Dia da noiva' })).not.toBeInTheDocument()
    await user.click(within(combo).getByRole('checkbox', { name: 'Avaliação' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(combo).findByText('Um pacote inclui pelo menos 2 serviços')).toBeInTheDocument()
    await user.click(within(combo).getByRole('checkbox', { name: 'Corte' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Serviço cadastrado')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/services')[0]?.body).toMatchObject({ name: 'Dia do noivo', includes: ['s1', 's2'] })
  })

  it('refuses a pause that does not fit in the service, without saving', async () => {
    const { user, callsTo } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Novo serviço' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo serviço' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Coloração')
    await user.type(within(dialog).getByLabelText('Começa após'), '20')
    await user.type(within(dialog).getByLabelText('Tempo de pausa'), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(
      await within(dialog).findByText('A pausa precisa ficar dentro do serviço, com atendimento antes e depois dela'),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Começa após')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /api/v1/services')).toHaveLength(0)
  })

  it('refuses a negative price and an absurd duration without saving', async () => {
    const { user, callsTo } = await openPage()
    await user.click(screen.getByRole('button', { name: 'Novo serviço' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo serviço' })
    await user.type(within(dialog).getByLabelText('Nome'), 'Corte')
    await user.clear(within(dialog).getByLabelText('Duração'))
    await user.type(within(dialog).getByLabelText('Duração'), '5000')
    await user.type(within(dialog).getByLabelText(/Preço/), '-10')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('O preço não pode ser negativo')).toBeInTheDocument()
    expect(within(dialog).getByText('Informe a duração em minutos, de 5 a 720')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Preço/)).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /api/v1/services')).toHaveLength(0)
  })

  it('edits a service, keeping an empty price as no price', async () => {
    const { user, callsTo } = await openPage({
      'PUT /api/v1/services/s1': (call) => json(200, { ...corte, ...(call.body as object) }),
    })
    await user.click(await screen.findByRole('button', { name: 'Editar Corte' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar serviço' })
    expect(within(dialog).getByLabelText(/Preço/)).toHaveValue('45,90')
    expect(within(dialog).getByRole('checkbox', { name: 'Ana Lima' })).toBeChecked()
    await user.clear(within(dialog).getByLabelText(/Preço/))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana Lima' }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Serviço atualizado')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/services/s1')[0]?.body).toMatchObject({ price: null, professionalIds: ['p2'] })
  })

  it('points to the professionals page when there is nobody to choose', async () => {
    const { user } = await openPage({ 'GET /api/v1/professionals': json(200, []) })
    await user.click(screen.getByRole('button', { name: 'Novo serviço' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo serviço' })
    expect(await within(dialog).findByRole('link', { name: 'Cadastrar profissionais' })).toHaveAttribute(
      'href',
      '/dashboard/professionals',
    )
  })

  it('says how many appointments go before deleting', async () => {
    const { user, callsTo } = await openPage({
      'GET /api/v1/services/s1/impact': json(200, { appointments: 12 }),
      'DELETE /api/v1/services/s1': json(204),
    })
    await user.click(await screen.findByRole('button', { name: 'Excluir Corte' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Corte?' })
    expect(
      await within(dialog).findByText('Também serão excluídos 12 agendamentos. Esta ação não pode ser desfeita.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Serviço excluído')).toBeInTheDocument()
    expect(callsTo('DELETE /api/v1/services/s1')).toHaveLength(1)
    // The list is asked for again; the deleted service's impact is not (it would answer 404).
    await waitFor(() => expect(callsTo('GET /api/v1/services').length).toBeGreaterThan(1))
    expect(callsTo('GET /api/v1/services/s1/impact')).toHaveLength(1)
  })

  it('keeps the delete button off until the impact is known, and offers a retry', async () => {
    let fail = true
    const { user, callsTo } = await openPage({
      'GET /api/v1/services/s1/impact': () => (fail ? json(500, {}) : json(200, { appointments: 1 })),
    })
    await user.click(await screen.findByRole('button', { name: 'Excluir Corte' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Corte?' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Não foi possível verificar/)
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeDisabled()
    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(dialog).findByText(/Também será excluído 1 agendamento\./)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeEnabled()
    expect(callsTo('DELETE /api/v1/services/s1')).toHaveLength(0)
  })
})
