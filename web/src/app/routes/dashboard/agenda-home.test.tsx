import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'

import type { Dashboard } from '@/features/appointments/api/get-dashboard'
import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'
import { appointmentFixture, professionals, services } from '@/test/appointments'
import { storeFixture } from '@/test/fixtures'

import { AgendaHome } from './agenda-home'

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: '2099-03-13',
    todayAppointments: [
      appointmentFixture({ id: 't1', date: '2099-03-13', time: '09:00', clientName: 'Ana Paula', status: 'confirmed' }),
      appointmentFixture({ id: 't2', date: '2099-03-13', time: '10:30', clientName: 'Bruna Reis', professionalId: 'p2' }),
    ],
    tomorrowAppointments: [
      appointmentFixture({ id: 'm1', date: '2099-03-14', reminderSentAt: '2099-03-13T10:00:00Z' }),
      appointmentFixture({ id: 'm2', date: '2099-03-14', time: '15:00', clientName: 'João Pedro' }),
      appointmentFixture({ id: 'm3', date: '2099-03-14', time: '16:00', clientName: 'Lia', status: 'cancelled' }),
    ],
    todayCount: 2,
    weekCount: 9,
    monthRevenue: 187500,
    clients: 42,
    completionRate: 87,
    plan: { type: 'free', isActive: true, subscribedAt: null, expiresAt: null, statusReason: null, cancelAt: null },
    usage: { count: 7, limit: 10, progress: 70, remaining: 3, unlimited: false },
    nextDays: ['2099-03-13', '2099-03-14', '2099-03-15', '2099-03-16', '2099-03-17', '2099-03-18', '2099-03-19'].map(
      (date, i) => ({ date, count: i }),
    ),
    ...overrides,
  }
}

function renderHome(d: Dashboard) {
  mockApi({
    'GET /api/v1/dashboard': json(200, d),
    'GET /api/v1/services': json(200, services),
    'GET /api/v1/professionals': json(200, professionals),
    'GET /api/v1/store': json(200, storeFixture()),
  })
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } })
  const router = createMemoryRouter([{ path: '/', element: <AgendaHome /> }])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('the agenda on the dashboard home', () => {
  it("shows the figures, the plan's usage and the next 7 days", async () => {
    renderHome(dashboard())
    const summary = await screen.findByRole('region', { name: 'Resumo' })
    expect(summary).toHaveTextContent('Hoje2agendamentos')
    expect(summary).toHaveTextContent('Esta semana9agendamentos')
    expect(summary).toHaveTextContent('Faturamento do mêsR$ 1.875,00')
    expect(summary).toHaveTextContent('Clientes42')
    expect(summary).toHaveTextContent('Taxa de conclusão87%')
    expect(summary).toHaveTextContent('7 de 10Restam 3 agendamentos')
    expect(within(summary).getByRole('progressbar', { name: 'Uso do plano' })).toHaveAttribute('aria-valuenow', '70')
    const days = screen.getByRole('region', { name: 'Próximos 7 dias' })
    expect(within(days).getByRole('link', { name: 'Sáb 14/03: 1 agendamento' })).toHaveAttribute(
      'href',
      '/dashboard/appointments?view=day&date=2099-03-14',
    )
  })

  it('says Ilimitado for an active Premium plan', async () => {
    renderHome(dashboard({ usage: { count: 1234, limit: 10, progress: 0, remaining: -1, unlimited: true } }))
    const summary = await screen.findByRole('region', { name: 'Resumo' })
    expect(summary).toHaveTextContent('Ilimitado1.234 agendamentos no Premium')
    expect(within(summary).queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it("lists today's appointments in time order with professional and status", async () => {
    renderHome(dashboard())
    const today = (await screen.findByText('Agenda de hoje')).closest('[data-slot="card"]') as HTMLElement
    const rows = await within(today).findAllByRole('listitem')
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Ana Paula', 'Bruna Reis'])
    expect(rows[0]).toHaveTextContent('09:00Ana PaulaCorte · Ana LimaConfirmado')
    expect(rows[1]).toHaveTextContent('Corte · Bruno Alves')
    expect(within(rows[1]!).getByRole('button', { name: 'Confirmar' })).toBeInTheDocument()
  })

  it("lists tomorrow's open appointments with their reminder, remembering the sent ones", async () => {
    renderHome(dashboard())
    const card = (await screen.findByText('1 de 2 lembretes enviados')).closest('[data-slot="card"]') as HTMLElement
    expect(card).toHaveTextContent('Lembretes de amanhã')
    const rows = within(card).getAllByRole('listitem')
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Maria Souza', 'João Pedro'])
    expect(within(rows[0]!).getByRole('link', { name: /Lembrete enviado/ })).toBeInTheDocument()
    const send = within(rows[1]!).getByRole('link', { name: 'Enviar lembrete' })
    expect(send.getAttribute('href')).toContain('https://wa.me/5511912345678?text=')
    expect(new URL(send.getAttribute('href') ?? '').searchParams.get('text')).toContain(
      'Olá, João! Passando para lembrar do seu horário de Corte com Ana Lima no Salão Bela Vida, sábado, 14/03, às 15:00.',
    )
  })

  it('sends one reminder per visit, naming each of its services', async () => {
    renderHome(
      dashboard({
        tomorrowAppointments: [
          appointmentFixture({ id: 'v1', date: '2099-03-14', time: '15:00', clientName: 'João Pedro', visitId: 'visita-1' }),
          appointmentFixture({ id: 'v2', date: '2099-03-14', time: '15:45', clientName: 'João Pedro', serviceId: 's2', visitId: 'visita-1' }),
        ],
      }),
    )
    const card = (await screen.findByText('0 de 1 lembrete enviado')).closest('[data-slot="card"]') as HTMLElement
    const rows = within(card).getAllByRole('listitem')
    expect(rows).toHaveLength(1)
    const send = within(rows[0]!).getByRole('link', { name: 'Enviar lembrete' })
    expect(new URL(send.getAttribute('href') ?? '').searchParams.get('text')).toContain('seu horário de Corte + Manicure com Ana Lima')
  })

  it('labels every action on a row and keeps a long name whole', async () => {
    const long = 'Ana Carolina Ferreira de Albuquerque Cavalcanti'
    renderHome(dashboard({ todayAppointments: [appointmentFixture({ id: 't1', date: '2099-03-13', time: '09:00', clientName: long })] }))
    const row = await screen.findByRole('listitem', { name: long })
    expect(within(row).getByText(long)).toHaveClass('line-clamp-2')
    for (const name of ['Confirmar', 'Concluir', 'Cancelar', 'Não compareceu']) {
      const button = within(row).getByRole('button', { name })
      // Named by its text on screen, not only by a tooltip.
      expect(button).toHaveTextContent(name)
    }
  })

  it('shows no figures before the first appointment, and says where it will come from', async () => {
    renderHome(dashboard({ todayAppointments: [], tomorrowAppointments: [], usage: { count: 0, limit: 10, progress: 0, remaining: 10, unlimited: false }, completionRate: 0 }))
    expect(await screen.findByText(/Sua agenda ainda está vazia/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Resumo' })).not.toBeInTheDocument()
    expect(screen.queryByText('Taxa de conclusão')).not.toBeInTheDocument()
    expect(screen.queryByText('Lembretes de amanhã')).not.toBeInTheDocument()
  })
})
