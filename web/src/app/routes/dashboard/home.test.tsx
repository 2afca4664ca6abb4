import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { todayIn } from '@/lib/dates'
import { json } from '@/test/api-mock'
import { professionals, services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const onboarding = (store: boolean, professional: boolean, service: boolean) =>
  json(200, { steps: { store, professional, service }, complete: store && professional && service })

async function openHome() {
  renderApp('/dashboard')
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
}

describe('onboarding checklist', { timeout: 20_000 }, () => {
  it('ticks the steps the server reports done and links each to its page', async () => {
    signedIn({ 'GET /api/v1/onboarding': onboarding(true, false, false) })
    await openHome()
    const card = await screen.findByRole('region', { name: 'Primeiros passos' })
    expect(card).toHaveTextContent('1 de 3 concluídos')
    const store = within(card).getByRole('link', { name: /Configure sua loja/ })
    const professional = within(card).getByRole('link', { name: /Cadastre um profissional/ })
    const service = within(card).getByRole('link', { name: /Cadastre um serviço/ })
    expect(store).toHaveAccessibleName(/\(concluído\)/)
    expect(professional).toHaveAccessibleName(/\(pendente\)/)
    expect(service).toHaveAccessibleName(/\(pendente\)/)
    expect(store).toHaveAttribute('href', '/dashboard/store')
    expect(professional).toHaveAttribute('href', '/dashboard/professionals')
    expect(service).toHaveAttribute('href', '/dashboard/services')
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33')
  })

  it('shows every step pending for a new owner', async () => {
    signedIn({ 'GET /api/v1/onboarding': onboarding(false, false, false) })
    await openHome()
    const card = await screen.findByRole('region', { name: 'Primeiros passos' })
    expect(card).toHaveTextContent('0 de 3 concluídos')
    expect(within(card).getAllByRole('link').map((l) => l.textContent?.includes('(pendente)'))).toEqual([
      true,
      true,
      true,
    ])
  })

  it('disappears once complete', async () => {
    const { callsTo } = signedIn({ 'GET /api/v1/onboarding': onboarding(true, true, true) })
    await openHome()
    await screen.findByText('Acesso rápido')
    await expect.poll(() => callsTo('GET /api/v1/onboarding').length).toBe(1)
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).not.toBeInTheDocument()
  })
})

describe('Novo agendamento on the home page', { timeout: 20_000 }, () => {
  it('opens the booking dialog on today in one tap', async () => {
    signedIn({
      'GET /api/v1/services': json(200, services),
      'GET /api/v1/professionals': json(200, professionals),
      'GET /api/v1/dashboard': json(503, {}),
    })
    await openHome()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Novo agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(dialog).getByRole('button', { name: 'Hoje', pressed: true })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Data')).toHaveValue(todayIn('America/Sao_Paulo'))
    expect(await within(dialog).findByRole('radio', { name: 'Corte' })).toBeInTheDocument()
  })
})

describe("a new owner's home", { timeout: 20_000 }, () => {
  it('leads with the first steps once, with no zeros, and offers the missing step instead of a booking', async () => {
    signedIn({
      'GET /api/v1/onboarding': onboarding(false, false, false),
      'GET /api/v1/services': json(200, []),
      'GET /api/v1/professionals': json(200, []),
    })
    await openHome()
    const card = await screen.findByRole('region', { name: 'Primeiros passos' })
    expect(card).toBeInTheDocument()
    const hero = await screen.findByRole('link', { name: 'Cadastre um profissional' })
    expect(hero).toHaveAttribute('href', '/dashboard/professionals')
    expect(screen.queryByRole('button', { name: 'Novo agendamento' })).not.toBeInTheDocument()
    // 'Configure sua loja' once (the checklist), and no wall of figures.
    expect(screen.getAllByText('Configure sua loja')).toHaveLength(1)
    expect(screen.queryByText('Taxa de conclusão')).not.toBeInTheDocument()
    expect(screen.queryByText('0%')).not.toBeInTheDocument()
  })

  it("offers 'Cadastre um serviço' once a professional exists", async () => {
    signedIn({
      'GET /api/v1/onboarding': onboarding(true, true, false),
      'GET /api/v1/services': json(200, []),
      'GET /api/v1/professionals': json(200, professionals),
    })
    await openHome()
    expect(await screen.findByRole('link', { name: 'Cadastre um serviço' })).toHaveAttribute('href', '/dashboard/services')
    expect(screen.queryByRole('button', { name: 'Novo agendamento' })).not.toBeInTheDocument()
  })
})
