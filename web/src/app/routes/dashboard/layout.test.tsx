import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { apiError, json, type mockApi } from '@/test/api-mock'
import { signedIn as owner } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

function signedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  return owner({
    'GET /api/v1/settings/help': json(200, {
      websiteUrl: 'https://ajuda.agendo.com.br',
      whatsappNumber: '+55 (11) 98765-4321',
    }),
    'GET /api/v1/admin/audit': json(200, []),
    'GET /api/v1/admin/help-settings': json(200, { websiteUrl: '', whatsappNumber: '' }),
    ...routes,
  })
}

async function openDashboard(path = '/dashboard') {
  const app = renderApp(path)
  await screen.findByRole('navigation', { name: 'Menu principal' })
  return { ...app, user: userEvent.setup() }
}

const mainLabels = [
  'Dashboard',
  'Agendamentos',
  'Clientes',
  'Relatórios',
  'Planos',
  'Perfil da Loja',
  'Serviços',
  'Profissionais',
  'Promoções',
  'Equipe',
  'Configurações',
]
const adminLabels = ['Admin Planos', 'Admin Webhooks', 'Admin Clientes', 'Configurar Ajuda']

function menuLabels() {
  const nav = screen.getByRole('navigation', { name: 'Menu principal' })
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.trim())
}

describe('sidebar', { timeout: 20_000 }, () => {
  it("lists the spec's items in order, with the welcome line, and no admin items for owners", async () => {
    signedIn()
    await openDashboard()
    expect(menuLabels()).toEqual(mainLabels)
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Olá, Maria Souza'),
    ).toBeInTheDocument()
    expect(screen.queryByText('Admin Planos')).not.toBeInTheDocument()
  })

  it('adds the admin items for admins', async () => {
    signedIn({ 'GET /api/v1/auth/access': json(200, { isAdmin: true }) })
    await openDashboard()
    await waitFor(() => expect(menuLabels()).toEqual([...mainLabels, ...adminLabels]))
    const nav = screen.getByRole('navigation', { name: 'Menu principal' })
    expect(within(nav).getByRole('link', { name: 'Admin Planos' })).toHaveAttribute('href', '/dashboard/admin/plans')
    expect(within(nav).getByRole('link', { name: 'Configurar Ajuda' })).toHaveAttribute('href', '/dashboard/admin/help')
    expect(within(nav).getByRole('link', { name: 'Admin Webhooks' })).toHaveAttribute('href', '/dashboard/admin/webhooks')
  })

  it('treats an error from the access check as "not an admin"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { callsTo } = signedIn({ 'GET /api/v1/auth/access': apiError(500, 'internal', 'Erro') })
    await openDashboard()
    await waitFor(() => expect(callsTo('GET /api/v1/auth/access')).toHaveLength(1))
    expect(menuLabels()).toEqual(mainLabels)
  })

  it('collapses to icons and remembers it', async () => {
    signedIn()
    const { user } = await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Recolher menu' }))
    expect(screen.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-expanded', 'false')
    expect(window.localStorage.getItem('agendo:ui:sidebar-collapsed')).toBe('true')
  })
})

describe('header and bottom bar', () => {
  it('names the current page', async () => {
    signedIn({ 'GET /api/v1/auth/access': json(200, { isAdmin: true }) })
    await openDashboard('/dashboard/admin/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'Configurar Ajuda' })).toBeInTheDocument()
  })

  it('has the bottom bar with Dashboard, Agendamentos and Clientes', async () => {
    signedIn()
    await openDashboard()
    const bar = screen.getByRole('navigation', { name: 'Atalhos' })
    expect(within(bar).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Agendamentos',
      'Clientes',
    ])
  })

  it("opens the public store in a new tab when the store has a name", async () => {
    signedIn()
    await openDashboard()
    const link = await screen.findByRole('link', { name: 'Ver Loja Pública' })
    expect(link).toHaveAttribute('href', '/store/salao-bela-vida')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it("disables 'Ver Loja Pública' while the store has no name", async () => {
    signedIn({ 'GET /api/v1/store': json(200, { name: '', slug: '' }) })
    await openDashboard()
    expect(screen.getByRole('button', { name: 'Ver Loja Pública' })).toBeDisabled()
    // The home's store card waits for the first steps: it says nothing while they lead the page.
    expect(await screen.findByRole('link', { name: 'Configure sua loja' })).toHaveAttribute('href', '/dashboard/store')
  })

  it("opens the help dialog with the WhatsApp link built from the number's digits", async () => {
    signedIn()
    const { user } = await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Ajuda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Precisa de ajuda?' })
    const whatsapp = await within(dialog).findByRole('link', { name: /Conversar no WhatsApp/ })
    expect(whatsapp).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20Preciso%20de%20ajuda%20com%20o%20Agendo.',
    )
    expect(within(dialog).getByRole('link', { name: /Central de ajuda/ })).toHaveAttribute(
      'href',
      'https://ajuda.agendo.com.br/',
    )
  })

  it("signs out with scope 'local' and goes to /login", async () => {
    const { callsTo } = signedIn({ 'POST /api/v1/auth/signout': json(204) })
    const { user, router } = await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(callsTo('POST /api/v1/auth/signout')[0]?.body).toEqual({ scope: 'local' })
    expect(window.localStorage.getItem('agendo:profile:user-1')).toBeNull()
  })

  it('opens the menu drawer and closes it on navigation', async () => {
    signedIn()
    const { user, router } = await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    await user.click(within(drawer).getByRole('link', { name: 'Serviços' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument())
    // The services page is a lazy chunk: the navigation ends once it has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/services'))
  })
})

describe('initial data loading', () => {
  it("shows 'Carregando seus dados...' until store and plan arrive", async () => {
    let answerPlan: (r: Response) => void = () => {}
    signedIn({ 'GET /api/v1/plan': () => new Promise<Response>((r) => (answerPlan = r)) })
    renderApp('/dashboard')
    expect(await screen.findByText('Carregando seus dados...')).toBeInTheDocument()
    act(() => answerPlan(json(200, { type: 'premium', isActive: true })))
    expect(await screen.findByRole('heading', { name: 'Olá, Maria!' })).toBeInTheDocument()
    expect(await screen.findByText('Premium')).toBeInTheDocument()
  })
})
