import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { WhatsAppContact } from '@/features/whatsapp/api/get-whatsapp-list'
import { apiError, type Call, json } from '@/test/api-mock'
import { professionals, services } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const maria: WhatsAppContact = {
  phone: '+5511912345678',
  name: 'Maria Souza',
  detail: 'Última visita em 02/09/2026',
  message: 'Olá, Maria! Sentimos sua falta no Salão Bela Vida. Que tal agendar seu próximo horário?',
  link: 'https://wa.me/5511912345678?text=Ol%C3%A1%2C%20Maria!',
}
const joao: WhatsAppContact = {
  phone: '+5521987654321',
  name: 'João Pedro',
  detail: 'Última visita em 15/08/2026',
  message: 'Olá, João! Sentimos sua falta no Salão Bela Vida.',
  link: 'https://wa.me/5521987654321?text=Ol%C3%A1%2C%20Jo%C3%A3o!',
}

const gamification = {
  enabled: true,
  showLoyaltyLevel: true,
  showTotalSpent: false,
  showCompletionRate: false,
  showPromotions: true,
  showNextMilestone: true,
  levels: [
    { name: 'Bronze', color: '#92400E', bgColor: '#FEF3C7', minAppointments: 1, minValue: 0, icon: 'medal' },
    { name: 'Ouro', color: '#854D0E', bgColor: '#FEF9C3', minAppointments: 16, minValue: 50000, icon: 'star' },
  ],
}

type Lists = (call: Call, index: number) => Response

async function openSheet(lists: Lists, routes: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn({
    'GET /api/v1/services': json(200, services),
    'GET /api/v1/professionals': json(200, professionals),
    'GET /api/v1/clients': json(200, { items: [], total: 0 }),
    'GET /api/v1/gamification': json(200, gamification),
    'GET /api/v1/whatsapp/lists': lists,
    ...routes,
  })
  renderApp('/dashboard/clients')
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Chamar no WhatsApp' }))
  const sheet = await screen.findByRole('dialog', { name: 'Chamar no WhatsApp' })
  return { ...api, user, sheet }
}

describe('Clientes: chamar no WhatsApp', { timeout: 20_000 }, () => {
  it('lists the clients not seen for 30, 60 or 90 days, each with the message and a WhatsApp link', async () => {
    const { sheet, user, callsTo } = await openSheet((call) =>
      json(200, call.query.days === '60' ? { items: [joao], hidden: 1 } : { items: [maria, joao], hidden: 3 }),
    )
    expect(within(sheet).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['30', '60', '90'])
    const list = await within(sheet).findByRole('list', { name: 'Clientes para chamar' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      `Maria SouzaÚltima visita em 02/09/2026Mensagem:${maria.message}Editar mensagemAbrir no WhatsApp`,
      `João PedroÚltima visita em 15/08/2026Mensagem:${joao.message}Editar mensagemAbrir no WhatsApp`,
    ])
    const link = within(sheet).getByRole('link', { name: 'Abrir no WhatsApp com Maria Souza' })
    expect(link).toHaveAttribute('href', maria.link)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
    expect(within(sheet).getByText('3 clientes chamados nos últimos 7 dias não aparecem')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/whatsapp/lists')[0]?.query).toEqual({ kind: 'inactive', days: '30' })

    await user.click(within(sheet).getByRole('radio', { name: '60 dias' }))
    await waitFor(() => expect(within(sheet).queryByText('Maria Souza')).not.toBeInTheDocument())
    expect(within(sheet).getByText('1 cliente chamado nos últimos 7 dias não aparece')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/whatsapp/lists').at(-1)?.query).toEqual({ kind: 'inactive', days: '60' })
  })

  it('lets the owner rewrite a message before the chat opens, and go back to the suggested one', async () => {
    const { sheet, user } = await openSheet(() => json(200, { items: [maria, joao], hidden: 0 }))
    await user.click(await within(sheet).findByRole('button', { name: 'Editar mensagem para Maria Souza' }))
    const box = within(sheet).getByLabelText('Mensagem para Maria')
    expect(box).toHaveValue(maria.message)
    expect(box).toHaveFocus()
    await user.clear(box)
    await user.type(box, 'Oi, Maria! Temos horário no sábado.')
    const link = within(sheet).getByRole('link', { name: 'Abrir no WhatsApp com Maria Souza' })
    expect(link).toHaveAttribute('href', 'https://wa.me/5511912345678?text=Oi%2C%20Maria!%20Temos%20hor%C3%A1rio%20no%20s%C3%A1bado.')
    // João's message is his own.
    expect(within(sheet).getByRole('link', { name: 'Abrir no WhatsApp com João Pedro' })).toHaveAttribute('href', joao.link)
    await user.click(within(sheet).getByRole('button', { name: 'Pronto' }))
    expect(within(sheet).getByText('Oi, Maria! Temos horário no sábado.')).toBeInTheDocument()
    expect(within(sheet).getByRole('button', { name: 'Editar mensagem para Maria Souza' })).toHaveFocus()

    await user.click(within(sheet).getByRole('button', { name: 'Editar mensagem para Maria Souza' }))
    await user.click(within(sheet).getByRole('button', { name: 'Voltar à mensagem sugerida' }))
    expect(within(sheet).getByLabelText('Mensagem para Maria')).toHaveValue(maria.message)
    expect(link).toHaveAttribute('href', maria.link)
  })

  it('marks a client contacted when their chat opens: she stays in place, and Próximo goes to the next', async () => {
    const ana: WhatsAppContact = { ...joao, phone: '+5531911112222', name: 'Ana Clara', link: 'https://wa.me/5531911112222?text=Ol%C3%A1' }
    let contacted = false
    const { sheet, user, callsTo } = await openSheet(
      // Once recorded, the server leaves her out and counts her among the hidden.
      () => json(200, contacted ? { items: [joao, ana], hidden: 1 } : { items: [maria, joao, ana], hidden: 0 }),
      {
        'POST /api/v1/whatsapp/contacted': () => {
          contacted = true
          return json(204)
        },
      },
    )
    const link = await within(sheet).findByRole('link', { name: 'Abrir no WhatsApp com Maria Souza' })
    // The browser opens wa.me in a new tab; here the click goes no further than the page.
    link.addEventListener('click', (e) => e.preventDefault())
    await user.click(link)
    expect(await screen.findByText('Maria sai da lista por 7 dias')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/whatsapp/contacted')[0]?.body).toEqual({ phone: maria.phone })
    const rows = within(within(sheet).getByRole('list', { name: 'Clientes para chamar' })).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Maria Souza')
    expect(rows[0]).toHaveTextContent('Conversa aberta')
    expect(within(sheet).queryByRole('link', { name: 'Abrir no WhatsApp com Maria Souza' })).not.toBeInTheDocument()
    expect(within(sheet).getByRole('status')).toHaveTextContent('Você já chamou 1 de 3 clientes.')
    // She is on show, so not counted among those left out.
    expect(within(sheet).queryByText(/não aparece/)).not.toBeInTheDocument()

    const next = within(sheet).getByRole('button', { name: 'Próximo: João Pedro' })
    expect(next).toHaveFocus()
    await user.click(next)
    expect(within(sheet).getByRole('link', { name: 'Abrir no WhatsApp com João Pedro' })).toHaveFocus()

    // Fetched again (the owner came back from WhatsApp): Maria keeps her place and her mark.
    await user.click(within(sheet).getByRole('radio', { name: '60 dias' }))
    await user.click(within(sheet).getByRole('radio', { name: '30 dias' }))
    await waitFor(() => expect(callsTo('GET /api/v1/whatsapp/lists').at(-1)?.query).toEqual({ kind: 'inactive', days: '30' }))
    const again = within(await within(sheet).findByRole('list', { name: 'Clientes para chamar' })).getAllByRole('listitem')
    expect(again.map((r) => r.textContent?.split('Última')[0])).toEqual(['Maria Souza', 'João Pedro', 'Ana Clara'])
    expect(again[0]).toHaveTextContent('Conversa aberta')
  })

  it("keeps the client and says why when the server refuses, in the server's words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { sheet, user } = await openSheet(() => json(200, { items: [maria], hidden: 0 }), {
      'POST /api/v1/whatsapp/contacted': apiError(422, 'invalid', 'Telefone inválido', { fields: { phone: 'Telefone inválido' } }),
    })
    const link = await within(sheet).findByRole('link', { name: 'Abrir no WhatsApp com Maria Souza' })
    link.addEventListener('click', (e) => e.preventDefault())
    await user.click(link)
    expect(await screen.findByText('Não foi possível tirar Maria da lista')).toBeInTheDocument()
    expect(screen.getByText('Telefone inválido')).toBeInTheDocument()
    expect(within(sheet).getByText('Maria Souza')).toBeInTheDocument()
  })

  it('explains an empty list, for each kind', async () => {
    const { sheet, user, callsTo } = await openSheet((call) =>
      json(200, { items: [], hidden: call.query.kind === 'reward' ? 2 : 0 }),
    )
    expect(await within(sheet).findByText(/Ninguém sumido há mais de 30 dias/)).toBeInTheDocument()
    expect(within(sheet).queryByText(/não aparece/)).not.toBeInTheDocument()

    await user.click(within(sheet).getByRole('tab', { name: 'Com prêmio' }))
    expect(await within(sheet).findByText('Nenhum prêmio esperando para ser usado')).toBeInTheDocument()
    expect(within(sheet).getByText('2 clientes chamados nos últimos 7 dias não aparecem')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/whatsapp/lists').at(-1)?.query).toEqual({ kind: 'reward' })
  })

  it("lists a level's clients, from the owner's own levels", async () => {
    const { sheet, user, callsTo } = await openSheet((call) =>
      call.query.level === 'Ouro'
        ? json(200, { items: [{ ...maria, detail: 'Ouro · R$ 1.234,50 gastos' }], hidden: 0 })
        : json(200, { items: [], hidden: 0 }),
    )
    await user.click(within(sheet).getByRole('tab', { name: 'Por nível' }))
    const select = await within(sheet).findByRole('combobox', { name: 'Nível' })
    await waitFor(() => expect(select).toHaveValue('Bronze'))
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bronze', 'Ouro'])
    expect(await within(sheet).findByText('Nenhum cliente no nível Bronze')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/whatsapp/lists').at(-1)?.query).toEqual({ kind: 'level', level: 'Bronze' })

    await user.selectOptions(select, 'Ouro')
    expect(await within(sheet).findByText('Ouro · R$ 1.234,50 gastos')).toBeInTheDocument()
    expect(callsTo('GET /api/v1/whatsapp/lists').at(-1)?.query).toEqual({ kind: 'level', level: 'Ouro' })
  })

  it("shows the server's message when a list does not load, and tries again", async () => {
    const { sheet, user } = await openSheet((_, index) =>
      index === 0
        ? apiError(422, 'invalid', 'Escolha 30, 45, 60 ou 90 dias sem visita', { fields: { days: 'Use 30, 45, 60 ou 90' } })
        : json(200, { items: [maria], hidden: 0 }),
    )
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Escolha 30, 45, 60 ou 90 dias sem visita')
    await user.click(within(sheet).getByRole('button', { name: 'Tentar novamente' }))
    expect(await within(sheet).findByText('Maria Souza')).toBeInTheDocument()
  })
})
