import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Report, ReportFigures } from '@/features/reports/api/get-report'
import type { WhatsAppContact } from '@/features/whatsapp/api/get-whatsapp-list'
import { apiError, type Call, json } from '@/test/api-mock'
import { professionals } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

function figures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    revenue: 1234567,
    appointments: 56,
    scheduled: 3,
    confirmed: 2,
    completed: 42,
    cancelled: 5,
    noShow: 4,
    averageTicket: 29394,
    noShowRate: 0.087,
    cancellationRate: 0.089,
    bookedMinutes: 5760,
    openMinutes: 9600,
    occupancy: 0.6,
    clientsServed: 30,
    newClients: 12,
    returningClients: 18,
    returns: [
      { days: 30, clients: 10, returned: 4, rate: 0.4 },
      { days: 60, clients: 6, returned: 3, rate: 0.5 },
      { days: 90, clients: 0, returned: 0, rate: null },
    ],
    ownerBookings: 40,
    publicBookings: 16,
    storeVisits: 320,
    visitConversion: 0.05,
    commission: 493827,
    ...overrides,
  }
}

function reportFixture(overrides: Partial<Report> = {}): Report {
  return {
    from: '2026-11-01',
    to: '2026-11-24',
    previousFrom: '2026-10-08',
    previousTo: '2026-10-31',
    today: '2026-11-24',
    timeZone: 'America/Sao_Paulo',
    bucket: 'day',
    current: figures(),
    previous: figures({
      revenue: 1102292,
      appointments: 0,
      noShow: 2,
      noShowRate: 0.055,
      cancellationRate: null,
      occupancy: 0.6,
      returns: [{ days: 30, clients: 5, returned: 1, rate: 0.2 }],
    }),
    revenue: [
      { start: '2026-11-01', revenue: 0, completed: 0 },
      { start: '2026-11-02', revenue: 45000, completed: 3 },
    ],
    professionals: [
      {
        id: 'p1',
        name: 'Ana Lima',
        appointments: 30,
        completed: 24,
        revenue: 800000,
        commissionPct: 40,
        commission: 320000,
        bookedMinutes: 3000,
        openMinutes: 4800,
        occupancy: 0.625,
      },
      {
        id: 'p2',
        name: 'Bruno Alves',
        appointments: 26,
        completed: 18,
        revenue: 434567,
        commissionPct: 40,
        commission: 173827,
        bookedMinutes: 2760,
        openMinutes: 4800,
        occupancy: 0.575,
      },
    ],
    services: [{ id: 's1', name: 'Corte', completed: 42, revenue: 1234567 }],
    paymentMethods: [
      { method: 'pix', completed: 30, revenue: 900000 },
      { method: null, completed: 12, revenue: 334567 },
    ],
    heatmap: [{ weekday: 2, hour: 10, appointments: 5 }],
    ...overrides,
  }
}

const maria: WhatsAppContact = {
  phone: '+5511912345678',
  name: 'Maria Souza',
  detail: 'Última visita em 02/09/2026',
  message: 'Olá, Maria! Sentimos sua falta.',
  link: 'https://wa.me/5511912345678?text=Ol%C3%A1',
}

type Handler = (call: Call, index: number) => Response

function openReports(path = '/dashboard/reports', reports: Handler = () => json(200, reportFixture()), routes: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn({
    'GET /api/v1/professionals': json(200, professionals),
    'GET /api/v1/reports': reports,
    'GET /api/v1/whatsapp/lists': json(200, { items: [], hidden: 0 }),
    ...routes,
  })
  renderApp(path)
  return { ...api, user: userEvent.setup() }
}

// The page's chunk (recharts) loads on first use: slow on a busy machine.
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 })

beforeEach(() => {
  // jsdom draws no layout, and the charts watch their size with a ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Relatórios', { timeout: 20_000 }, () => {
  it('leads with faturamento, atendimentos and faltas beside the period before, the rest in words', async () => {
    const { callsTo } = openReports()
    const revenue = await region('Faturamento')
    expect(revenue).toHaveTextContent('R$ 12.345,67')
    expect(within(revenue).getByText('↑ 12%')).toHaveClass('text-success')
    expect(revenue).toHaveTextContent('alta de 12% vs. 08/10 a 31/10')
    expect(revenue).toHaveTextContent('Em média R$ 293,94 por atendimento')
    expect(await region('Atendimentos')).toHaveTextContent('de 56 marcados')
    // More no-shows is bad.
    const noShow = await region('Faltas')
    expect(noShow).toHaveTextContent('de 46 esperados (8,7%)')
    expect(within(noShow).getByText('↑ 100%')).toHaveClass('text-destructive')
    // Nothing to compare with: no appointments, no cancellation rate before; rates move in points.
    expect(await region('Agendamentos')).toHaveTextContent('sem base de comparação')
    expect(await region('Cancelamentos')).toHaveTextContent('5 cancelados de 56 agendamentos')
    expect(await region('Cancelamentos')).toHaveTextContent('sem base de comparação')
    expect(await region('Agenda ocupada')).toHaveTextContent('sem variação')
    expect(await region('Clientes atendidos')).toHaveTextContent('12 novos e 18 que já tinham vindo')
    const returns = await region('Clientes novos que voltaram')
    expect(returns).toHaveTextContent('40% 4 de 10 clientes↑ 20,0 pontos')
    expect(returns).toHaveTextContent('Em 90 dias— o prazo ainda não passou')
    expect(await region('Quem marcou')).toHaveTextContent(
      '320 visitas e 16 agendamentos feitos por ela: 5% das visitas viraram horário marcado',
    )
    // No formulas, no time zone: words an owner uses.
    expect(document.body).not.toHaveTextContent(/÷|×|→|p\.p\.|America\/Sao_Paulo/)
    expect(screen.getByRole('heading', { level: 2, name: '1 a 24 de novembro de 2026' })).toBeInTheDocument()
    // Este mês is the server's own default: no days in the request.
    expect(callsTo('GET /api/v1/reports')[0]?.query).toEqual({})
    expect(screen.getByRole('radio', { name: 'Este mês' })).toBeChecked()

    const commissions = await region('Comissões por profissional')
    expect(commissions).toHaveTextContent(/R\$\s4\.938,27 no total/)
    expect(within(commissions).getByRole('table')).toHaveTextContent('Ana Lima24R$ 8.000,0040%R$ 3.200,00')
    expect(within(commissions).getByRole('table')).toHaveTextContent('Total42R$ 12.345,67R$ 4.938,27')
    expect(await region('Formas de pagamento')).toHaveTextContent('A mais usada: Pix')
    expect(within(await region('Formas de pagamento')).getByText('Não informado')).toBeInTheDocument()
    expect(within(await region('Horários mais movimentados')).getByRole('table')).toHaveTextContent('5 agendamentos')
  })

  it('on a phone, shows the three figures and keeps the rest one tap away', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }))
    const { user } = openReports()
    expect(await region('Faturamento')).toHaveTextContent('R$ 12.345,67')
    expect(await region('Atendimentos')).toBeInTheDocument()
    expect(await region('Faltas')).toBeInTheDocument()
    const toggles = screen.getAllByRole('button', { expanded: false })
    expect(toggles.map((t) => t.textContent?.replace(/\s/g, ' '))).toEqual([
      'Mais números do período56 agendamentos · 30 clientes atendidos',
      'Faturamento por diaO faturamento ao longo do período',
      'Faturamento por serviço e profissionalO que mais rendeu: Corte',
      'Clientes12 clientes novos e quantos voltaram',
      'AgendaSituação dos horários, quem marcou e os mais movimentados',
      'Formas de pagamentoA mais usada: Pix',
      'Comissões por profissionalR$ 4.938,27 no total',
      'Exportar e imprimirPlanilhas para o Excel ou o Google Planilhas, ou um PDF',
      'Clientes para reativarQuem não volta há um tempo, com mensagem pronta',
    ])
    expect(screen.queryByRole('region', { name: 'Ticket médio' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Mais números do período/ }))
    expect(screen.getByRole('button', { name: /^Mais números do período/ })).toHaveAttribute('aria-expanded', 'true')
    expect(await region('Ticket médio')).toHaveTextContent('R$ 293,94')
  })

  it("counts the presets from the report's today, not the browser's", async () => {
    // The store's today is 15 January; the browser may think otherwise.
    const { user, callsTo } = openReports('/dashboard/reports', (call) =>
      json(200, reportFixture({ today: '2026-01-15', from: call.query.from ?? '2026-01-01', to: call.query.to ?? '2026-01-15' })),
    )
    await region('Faturamento')
    await user.click(screen.getByRole('radio', { name: 'Mês passado' }))
    await waitFor(() => expect(callsTo('GET /api/v1/reports').at(-1)?.query).toEqual({ from: '2025-12-01', to: '2025-12-31' }))
    await user.click(screen.getByRole('radio', { name: '7 dias' }))
    await waitFor(() => expect(callsTo('GET /api/v1/reports').at(-1)?.query).toEqual({ from: '2026-01-09', to: '2026-01-15' }))
    await user.click(screen.getByRole('radio', { name: 'Hoje' }))
    await waitFor(() => expect(callsTo('GET /api/v1/reports').at(-1)?.query).toEqual({ from: '2026-01-15', to: '2026-01-15' }))
    expect(await screen.findByRole('heading', { level: 2, name: '15 de janeiro de 2026' })).toBeInTheDocument()
  })

  it('opens a preset from the address: learns the store’s today first, then asks for the days', async () => {
    const { callsTo } = openReports('/dashboard/reports?period=last-month', (call) =>
      json(200, reportFixture({ from: call.query.from ?? '2026-11-01', to: call.query.to ?? '2026-11-24' })),
    )
    expect(await screen.findByRole('heading', { level: 2, name: '1 a 31 de outubro de 2026' })).toBeInTheDocument()
    expect(callsTo('GET /api/v1/reports').map((c) => c.query)).toEqual([{}, { from: '2026-10-01', to: '2026-10-31' }])
    expect(screen.getByRole('radio', { name: 'Mês passado' })).toBeChecked()
  })

  it('asks for one professional when one is chosen, and keeps the choice in the address', async () => {
    const { user, callsTo } = openReports()
    await region('Faturamento')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profissional' }), 'Bruno Alves')
    await waitFor(() => expect(callsTo('GET /api/v1/reports').at(-1)?.query).toEqual({ professionalId: 'p2' }))
    expect(await screen.findByText(/^Bruno Alves · 24 dias/)).toBeInTheDocument()
    // One professional: no chart comparing professionals.
    expect(screen.queryByRole('region', { name: 'Faturamento por profissional' })).not.toBeInTheDocument()
  })

  it("shows the server's word on a custom period next to each field", async () => {
    const { user, callsTo } = openReports('/dashboard/reports', (call) =>
      call.query.to === '2026-11-03'
        ? apiError(422, 'invalid', 'A data final não pode ser anterior à inicial', {
            fields: { to: 'Escolha um dia igual ou posterior ao inicial' },
          })
        : json(200, reportFixture()),
    )
    await region('Faturamento')
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }))
    const form = screen.getByRole('form', { name: 'Período personalizado' })
    // It starts from the period on screen.
    expect(within(form).getByLabelText('De')).toHaveValue('2026-11-01')
    expect(within(form).getByLabelText('Até')).toHaveValue('2026-11-24')

    await user.clear(within(form).getByLabelText('De'))
    await user.click(within(form).getByRole('button', { name: 'Aplicar' }))
    expect(within(form).getByText('Informe o primeiro dia')).toBeInTheDocument()

    await user.type(within(form).getByLabelText('De'), '2026-11-10')
    await user.clear(within(form).getByLabelText('Até'))
    await user.type(within(form).getByLabelText('Até'), '2026-11-03')
    await user.click(within(form).getByRole('button', { name: 'Aplicar' }))
    await waitFor(() => expect(callsTo('GET /api/v1/reports').at(-1)?.query).toEqual({ from: '2026-11-10', to: '2026-11-03' }))
    const to = await screen.findByLabelText('Até')
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'))
    expect(to).toHaveAccessibleDescription('Escolha um dia igual ou posterior ao inicial')
    expect(screen.getByLabelText('De')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByText('A data final não pode ser anterior à inicial')).toBeInTheDocument()
  })

  it('downloads the period’s appointments as the CSV the server names', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob
      return 'blob:report'
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const saved: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    const csv = '\ufeffData;Horário\r\n24/11/2026;09:00\r\n'
    const { user, callsTo } = openReports('/dashboard/reports', () => json(200, reportFixture()), {
      'GET /api/v1/reports/export': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename=agendo-agendamentos-2026-11-01-a-2026-11-24.csv',
          },
        }),
    })
    await region('Faturamento')
    await user.click(screen.getByRole('button', { name: 'Exportar agendamentos' }))
    expect(await screen.findByText('Planilha baixada')).toBeInTheDocument()
    const call = callsTo('GET /api/v1/reports/export')[0]
    expect(call?.query).toEqual({ kind: 'appointments', from: '2026-11-01', to: '2026-11-24' })
    expect(call?.authorization).toBe('Bearer access-1')
    expect(saved).toEqual([{ href: 'blob:report', download: 'agendo-agendamentos-2026-11-01-a-2026-11-24.csv' }])
    const blob = createObjectURL.mock.calls[0]?.[0]
    // The bytes as sent, the BOM included (Excel reads the accents by it).
    const bytes = new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv)
  })

  it('lists the clients to bring back, and records the chat that opens', async () => {
    const { user, callsTo } = openReports('/dashboard/reports', () => json(200, reportFixture()), {
      'GET /api/v1/whatsapp/lists': (call) => json(200, { items: call.query.days === '90' ? [] : [maria], hidden: 0 }),
      'POST /api/v1/whatsapp/contacted': json(204),
    })
    const list = await region('Clientes para reativar')
    const link = await within(list).findByRole('link', { name: 'Chamar no WhatsApp com Maria Souza' })
    expect(link).toHaveAttribute('href', maria.link)
    expect(link).toHaveAttribute('target', '_blank')
    expect(callsTo('GET /api/v1/whatsapp/lists')[0]?.query).toEqual({ kind: 'inactive', days: '30' })
    link.addEventListener('click', (e) => e.preventDefault())
    await user.click(link)
    expect(await screen.findByText('Maria sai da lista por 7 dias')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/whatsapp/contacted')[0]?.body).toEqual({ phone: maria.phone })

    await user.click(within(list).getByRole('radio', { name: '90 dias' }))
    expect(await within(list).findByText(/Ninguém sumido há mais de 90 dias/)).toBeInTheDocument()
  })

  it('says when the period has no appointments', async () => {
    openReports('/dashboard/reports', () =>
      json(200, reportFixture({ current: figures({ appointments: 0, completed: 0, revenue: 0 }), professionals: [], services: [] })),
    )
    expect(await screen.findByText('Nenhum agendamento neste período')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Faturamento' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver a agenda' })).toHaveAttribute('href', '/dashboard/appointments')
  })

  it('offers to try again when the report does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = openReports('/dashboard/reports', (_, index) =>
      index === 0 ? apiError(500, 'internal', 'Erro interno') : json(200, reportFixture()),
    )
    expect(await screen.findByText('Não foi possível carregar o relatório.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await region('Faturamento')).toHaveTextContent('R$ 12.345,67')
  })
})
