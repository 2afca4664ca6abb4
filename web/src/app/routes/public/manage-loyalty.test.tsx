import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import type { BookingLoyalty } from '@/features/public/api/types'
import { json } from '@/test/api-mock'
import { renderApp } from '@/test/render-app'

import { booking, publicApi } from './test-fixtures'

const GET = 'GET /api/v1/public/bookings/tok.abc'

const bronze = { name: 'Bronze', color: '#92400E', bgColor: '#FEF3C7', icon: 'medal', minAppointments: 1, minValue: 0 } as const

const full: BookingLoyalty = {
  level: bronze,
  totalSpent: 42000,
  completionRate: 92,
  promotions: [
    {
      name: 'Cartão escova',
      reward: 'Escova grátis',
      type: 'count',
      targetCount: 10,
      targetValue: 0,
      appointments: 2,
      value: 9000,
      earned: false,
      expiresOn: null,
    },
    {
      name: 'Clube da hidratação',
      reward: 'Hidratação',
      type: 'value',
      targetCount: 0,
      targetValue: 50000,
      appointments: 5,
      value: 42000,
      earned: false,
      expiresOn: null,
    },
    {
      name: 'Cartão manicure',
      reward: 'Manicure grátis',
      type: 'count',
      targetCount: 5,
      targetValue: 0,
      appointments: 5,
      value: 17500,
      earned: true,
      expiresOn: '2026-12-12',
    },
  ],
  nextMilestone: { level: 'Prata', missingVisits: 3, missingValue: 12000, text: 'Próximo nível: faltam 3 visitas ou R$ 120,00' },
}

async function openManage(loyalty: BookingLoyalty | null, routes: Parameters<typeof publicApi>[0] = {}) {
  const api = publicApi({ [GET]: json(200, booking({ loyalty })), ...routes })
  renderApp('/agendamento/tok.abc')
  await screen.findByRole('heading', { level: 1, name: 'Salão Bela Vida' })
  return { ...api, user: userEvent.setup() }
}

describe('Link de gerenciamento: fidelidade', { timeout: 20_000 }, () => {
  it("shows the level in its colours, the figures, each card's progress and the next level", async () => {
    await openManage(full)
    const section = screen.getByRole('region', { name: 'Seu programa de fidelidade' })

    const level = within(section).getByText('Bronze')
    expect(level.parentElement?.parentElement?.parentElement).toHaveStyle({ color: '#92400E', backgroundColor: '#FEF3C7' })
    expect(section).toHaveTextContent('Seu nívelBronze')
    expect(within(section).getByText('Próximo nível: faltam 3 visitas ou R$ 120,00')).toBeInTheDocument()

    expect(within(section).getByText('Total gasto').nextSibling).toHaveTextContent('R$ 420,00')
    expect(within(section).getByText('Comparecimento').nextSibling).toHaveTextContent('92%')

    const cards = within(within(section).getByRole('list', { name: 'Seus cartões fidelidade' })).getAllByRole('listitem')
    expect(cards).toHaveLength(3)

    const escova = within(cards[0]!).getByRole('progressbar', { name: 'Cartão escova' })
    expect(escova).toHaveAttribute('aria-valuenow', '20')
    expect(escova).toHaveAttribute('aria-valuetext', '2 de 10 visitas para Escova grátis')
    expect(cards[0]).toHaveTextContent('2 de 10 visitas para Escova grátis')

    const hidratacao = within(cards[1]!).getByRole('progressbar', { name: 'Clube da hidratação' })
    expect(hidratacao).toHaveAttribute('aria-valuenow', '84')
    expect(cards[1]).toHaveTextContent('R$ 420,00 de R$ 500,00 para Hidratação')

    const manicure = within(cards[2]!).getByRole('progressbar', { name: 'Cartão manicure' })
    expect(manicure).toHaveAttribute('aria-valuenow', '100')
    expect(cards[2]).toHaveTextContent('Você ganhou: Manicure grátis!Mostre esta tela no salão.Válido até 12/12/2026')
  })

  it('shows only the parts the owner turned on', async () => {
    await openManage({
      level: null,
      totalSpent: null,
      completionRate: null,
      promotions: [],
      nextMilestone: { level: 'Bronze', missingVisits: 1, missingValue: 0, text: 'Próximo nível: falta 1 visita' },
    })
    const section = screen.getByRole('region', { name: 'Seu programa de fidelidade' })
    expect(within(section).getByText('Próximo nível: falta 1 visita')).toBeInTheDocument()
    expect(within(section).queryByText('Seu nível')).not.toBeInTheDocument()
    expect(within(section).queryByText('Total gasto')).not.toBeInTheDocument()
    expect(within(section).queryByText('Comparecimento')).not.toBeInTheDocument()
    expect(within(section).queryByRole('list')).not.toBeInTheDocument()
  })

  it('has no section when the programme is off', async () => {
    await openManage(null)
    expect(screen.getByRole('region', { name: 'Detalhes' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Seu programa de fidelidade' })).not.toBeInTheDocument()
  })

  it('steps aside while the customer picks a new time', async () => {
    const { user } = await openManage(full, { 'GET /api/v1/public/bookings/tok.abc/availability': json(200, []) })
    await user.click(screen.getByRole('button', { name: 'Remarcar' }))
    expect(screen.queryByRole('region', { name: 'Seu programa de fidelidade' })).not.toBeInTheDocument()
  })
})
