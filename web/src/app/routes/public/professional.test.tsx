import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { ana, barba, bruno, corte, NOVEMBER, publicApi, storePage } from './test-fixtures'

const page = (professional = bruno, services = [corte, barba]) => ({ professional, store: storePage().store, services })

describe('Painel público do profissional', { timeout: 20_000 }, () => {
  it('shows the professional, their services and their Google Calendar, and counts a view', async () => {
    const { callsTo } = publicApi({ 'GET /api/v1/public/professionals/p2': json(200, page()) })
    renderApp('/profissional/p2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Alves' })).toBeInTheDocument()
    expect(screen.getByText('Barbeiro')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Salão Bela Vida' })).toHaveAttribute('href', '/store/salao-bela-vida')
    expect(screen.getByRole('region', { name: 'Especialidades' })).toHaveTextContent('Barba')
    expect(screen.getByRole('region', { name: 'Serviços' })).toHaveTextContent(/Corte.*R\$\s45,90/)
    const calendar = screen.getByTitle('Agenda de Bruno Alves no Google Agenda')
    expect(calendar).toHaveAttribute('src', bruno.googleCalendarEmbed)
    expect(calendar).toHaveAttribute('loading', 'lazy')
    await waitFor(() => expect(callsTo('POST /api/v1/analytics/pageview')[0]?.body).toMatchObject({ path: '/profissional/p2' }))
  })

  it('shows the photos, the first one large', async () => {
    publicApi({
      'GET /api/v1/public/professionals/p1': json(200, page({ ...ana, photos: ['/files/f1', '/files/f2'] }, [corte])),
    })
    renderApp('/profissional/p1')
    const photos = await screen.findByRole('region', { name: 'Fotos' })
    expect(within(photos).getByRole('img', { name: 'Foto 1 de Ana Lima' })).toHaveAttribute('src', '/files/f1')
    await userEvent.setup().click(within(photos).getByRole('button', { name: 'Ver foto 2' }))
    expect(within(photos).getByRole('img', { name: 'Foto 2 de Ana Lima' })).toHaveAttribute('src', '/files/f2')
    // No Google Calendar for an "app" calendar.
    expect(screen.queryByTitle(/Google Agenda/)).not.toBeInTheDocument()
  })

  it('books straight with them: service, day, time, no professional step', async () => {
    const { callsTo } = publicApi({
      'GET /api/v1/public/professionals/p2': json(200, page()),
      'GET /api/v1/public/stores/salao-bela-vida/availability': json(200, { days: NOVEMBER }),
    })
    renderApp('/profissional/p2')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Agendar com Bruno' }))
    const dialog = await screen.findByRole('dialog')
    await screen.findByRole('heading', { level: 2, name: 'Escolha o serviço' })
    expect(within(dialog).getByText('Etapa 1 de 4 · Serviço')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /^Barba/ }))
    await screen.findByRole('heading', { level: 2, name: 'Escolha o dia' })
    await within(dialog).findByRole('button', { name: /^sexta-feira, 27 de novembro, 5 horários livres/ })
    expect(callsTo('GET /api/v1/public/stores/salao-bela-vida/availability')[0]?.query).toMatchObject({
      serviceId: 's2',
      professionalId: 'p2',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await screen.findByRole('heading', { level: 2, name: 'Escolha o serviço' })
    expect(within(dialog).queryByRole('button', { name: 'Voltar' })).not.toBeInTheDocument()
  })

  it('shows a friendly page for an unknown professional', async () => {
    publicApi({ 'GET /api/v1/public/professionals/nada': apiError(404, 'not_found', 'Não encontrado') })
    renderApp('/profissional/nada')
    expect(await screen.findByRole('heading', { name: 'Profissional não encontrado' })).toBeInTheDocument()
  })

  it('opens from the store page’s “Ver perfil” link', async () => {
    publicApi({
      'GET /api/v1/public/stores/salao-bela-vida': json(200, storePage()),
      'GET /api/v1/public/professionals/p2': json(200, page()),
    })
    renderApp('/store/salao-bela-vida')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Ver perfil de Bruno Alves' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Alves' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Salão Bela Vida' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })).toBeInTheDocument()
  })
})
