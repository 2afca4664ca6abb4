import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { json, type Call } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, NOVEMBER, publicApi, storePage } from './test-fixtures'

// A visit of several services (issue 27): 'Adicionar outro serviço' on the day step, the times
// of the whole visit, one booking with the total.

const STORE = 'GET /api/v1/public/stores/salao-bela-vida'
const AVAILABILITY = 'GET /api/v1/public/stores/salao-bela-vida/availability'
const BOOK = 'POST /api/v1/public/stores/salao-bela-vida/bookings'

const visitBooking = booking({
  durationMin: 120,
  services: [
    { service: { id: 's1', name: 'Corte' }, professional: { id: 'p1', name: 'Ana Lima' }, time: '10:00', durationMin: 90, price: 4590 },
    { service: { id: 's2', name: 'Barba' }, professional: { id: 'p2', name: 'Bruno Alves' }, time: '11:30', durationMin: 30, price: null },
  ],
})

describe('Agendamento: uma visita com vários serviços', { timeout: 20_000 }, () => {
  it('adds a service in one tap, asks for the times where both fit, and books them together', async () => {
    const { callsTo } = publicApi({
      [STORE]: json(200, storePage()),
      [AVAILABILITY]: (call: Call) => json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] }),
      [BOOK]: json(201, visitBooking),
    })
    renderApp('/store/salao-bela-vida')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^Ana Lima/ }))
    await screen.findByRole('heading', { level: 2, name: 'Escolha o dia' })

    const add = within(dialog).getByRole('button', { name: 'Adicionar outro serviço' })
    expect(add).toHaveAttribute('aria-expanded', 'false')
    await user.click(add)
    await user.click(within(dialog).getByRole('button', { name: /^Barba/ }))
    // Only Bruno does a beard: he is chosen for it, and can be changed.
    const who = within(dialog).getByRole('combobox', { name: 'Profissional para Barba' })
    expect(who).toHaveValue('p2')
    expect(within(dialog).queryByRole('button', { name: 'Adicionar outro serviço' })).not.toBeInTheDocument() // nothing left to add
    const asked = () => callsTo(AVAILABILITY).map((c) => c.query.more)
    await screen.findByRole('button', { name: /^sexta-feira, 27 de novembro/ })
    expect(asked()).toContain('s2:p2')

    await user.click(within(dialog).getByRole('button', { name: /^sexta-feira, 27 de novembro/ }))
    expect(within(dialog).getByText('Corte + Barba · 2h')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '10:00' }))
    expect(within(dialog).getByText('1º serviço')).toBeInTheDocument()
    expect(within(dialog).getByText('Barba · Bruno Alves')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Seu nome'), 'Maria Souza')
    await user.type(within(dialog).getByLabelText('Telefone (WhatsApp)'), '11987654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }))
    await screen.findByRole('heading', { level: 2, name: 'Agendamento confirmado' })
    expect(callsTo(BOOK)[0]!.body).toMatchObject({
      serviceId: 's1',
      professionalId: 'p1',
      more: [{ serviceId: 's2', professionalId: 'p2' }],
      time: '10:00',
    })
    expect(await within(dialog).findByText('Corte + Barba')).toBeInTheDocument()
    expect(within(dialog).getByText('com Ana Lima e Bruno Alves')).toBeInTheDocument()
  })

  it('takes a service out of the visit again', async () => {
    publicApi({
      [STORE]: json(200, storePage()),
      [AVAILABILITY]: (call: Call) => json(200, { days: call.query.from === '2026-11-26' ? NOVEMBER : [] }),
    })
    renderApp('/store/salao-bela-vida')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
    await user.click(screen.getAllByRole('button', { name: 'Agendar horário' })[0]!)
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: /^Corte/ }))
    await user.click(await within(dialog).findByRole('button', { name: /^Ana Lima/ }))
    await user.click(await within(dialog).findByRole('button', { name: 'Adicionar outro serviço' }))
    await user.click(within(dialog).getByRole('button', { name: /^Barba/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Tirar Barba da visita' }))
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Adicionar outro serviço' })).toBeInTheDocument()
  })
})
