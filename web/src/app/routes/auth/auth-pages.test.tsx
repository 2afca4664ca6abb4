import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, json, mockApi, sessionResponse } from '@/test/api-mock'
import { dashboardShell } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

// A visitor: the start-up refresh finds no session. Dashboard data answers so the redirect after
// sign-in lands on a page.
const visitor = {
  ...dashboardShell(), // where a sign-in lands
  'POST /api/v1/auth/refresh': apiError(401, 'unauthorized', 'Sessão inválida'),
  'GET /api/v1/store': json(200, { name: '', slug: '' }),
  'GET /api/v1/plan': json(200, { type: 'free', isActive: true }),
  'GET /api/v1/auth/access': json(200, { isAdmin: false }),
  'GET /api/v1/settings/help': json(200, { websiteUrl: 'https://ajuda.exemplo.com', whatsappNumber: '11999990000' }),
}

describe('login page', () => {
  async function open(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({ ...visitor, ...routes })
    const app = renderApp('/login')
    await screen.findByRole('heading', { name: 'Entrar' })
    return { ...api, ...app, user: userEvent.setup() }
  }

  it('asks for both fields before calling the server', async () => {
    const { user, callsTo } = await open()
    await user.type(screen.getByLabelText('Email'), 'maria@salao.com.br')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Email e senha são obrigatórios')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /api/v1/auth/signin')).toHaveLength(0)
  })

  it("shows 'Email ou senha incorretos' for invalid credentials", async () => {
    const { user } = await open({
      'POST /api/v1/auth/signin': apiError(400, 'invalid_credentials', 'Email ou senha incorretos'),
    })
    await user.type(screen.getByLabelText('Email'), 'maria@salao.com.br')
    await user.type(screen.getByLabelText('Senha'), 'errada123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou senha incorretos')
  })

  it('shows other server messages as given (rate limit)', async () => {
    const { user } = await open({
      'POST /api/v1/auth/signin': apiError(429, 'rate_limited', 'Muitas tentativas. Tente novamente em 1 minuto.'),
    })
    await user.type(screen.getByLabelText('Email'), 'maria@salao.com.br')
    await user.type(screen.getByLabelText('Senha'), 'qualquer1')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 1 minuto.',
    )
  })

  it("shows 'Erro ao fazer login' when the request itself fails", async () => {
    const { user } = await open({
      'POST /api/v1/auth/signin': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await user.type(screen.getByLabelText('Email'), 'maria@salao.com.br')
    await user.type(screen.getByLabelText('Senha'), 'qualquer1')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer login')
  })

  it('signs in and goes to the dashboard', async () => {
    const { user, router, callsTo } = await open({
      'POST /api/v1/auth/signin': json(200, sessionResponse()),
    })
    await user.type(screen.getByLabelText('Email'), ' maria@salao.com.br ')
    await user.type(screen.getByLabelText('Senha'), 'senha-secreta')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(callsTo('POST /api/v1/auth/signin')[0]?.body).toEqual({
      email: 'maria@salao.com.br',
      password: 'senha-secreta',
    })
    expect(await screen.findByRole('heading', { name: 'Olá, Maria!' })).toBeInTheDocument()
  })

  it('links to password recovery and sign-up', async () => {
    await open()
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register')
  })
})

describe('register page', () => {
  async function open(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({ ...visitor, ...routes })
    const app = renderApp('/register')
    await screen.findByRole('heading', { name: 'Criar conta' })
    return { ...api, ...app, user: userEvent.setup() }
  }

  async function fill(
    user: ReturnType<typeof userEvent.setup>,
    values: { name?: string; email?: string; password?: string; terms?: boolean },
  ) {
    if (values.name) await user.type(screen.getByLabelText('Nome'), values.name)
    if (values.email) await user.type(screen.getByLabelText('Email'), values.email)
    if (values.password) await user.type(screen.getByLabelText('Senha'), values.password)
    const terms = screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ })
    if ((values.terms ?? true) !== (terms as HTMLInputElement).checked) await user.click(terms)
    await user.click(screen.getByRole('button', { name: 'Criar conta' }))
  }

  it('requires the terms, unticked at first, with a link to the privacy policy', async () => {
    const { user, callsTo } = await open()
    expect(screen.getByRole('checkbox', { name: /Li e aceito os termos de uso/ })).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'política de privacidade' })).toHaveAttribute('href', '/privacidade')
    await fill(user, { name: 'Maria', email: 'maria@salao.com.br', password: 'senha-forte-1', terms: false })
    expect(await screen.findByText('Para criar a conta, aceite os termos de uso e a política de privacidade')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/auth/signup')).toHaveLength(0)
  })

  it("answers 'Todos os campos são obrigatórios' when a field is empty", async () => {
    const { user, callsTo } = await open()
    await fill(user, { name: 'Maria', password: 'senha-forte-1' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos os campos são obrigatórios')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /api/v1/auth/signup')).toHaveLength(0)
  })

  it('tells that the email already has an account (409)', async () => {
    const { user } = await open({
      'POST /api/v1/auth/signup': apiError(409, 'email_exists', 'Já existe uma conta com este email'),
    })
    await fill(user, { name: 'Maria', email: 'maria@salao.com.br', password: 'senha-forte-1' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com este email')
  })

  it("shows a weak password's message and reasons", async () => {
    const { user } = await open({
      'POST /api/v1/auth/signup': apiError(422, 'weak_password', 'Senha fraca. Escolha outra senha.', {
        fields: { password: 'Senha fraca. Escolha outra senha.' },
        reasons: ['common', 'email'],
      }),
    })
    await fill(user, { name: 'Maria', email: 'maria@salao.com.br', password: 'password123' })
    const alert = await screen.findByRole('alert')
    // Said once, above the form; the field is marked.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true')
    expect(alert).toHaveTextContent('Senha fraca. Escolha outra senha.')
    expect(alert).toHaveTextContent('Essa senha é muito comum e fácil de adivinhar.')
    expect(alert).toHaveTextContent('A senha não pode ser igual ao seu email.')
  })

  it('checks the length before calling the server, and shows the hint', async () => {
    const { user, callsTo } = await open()
    expect(screen.getByText('Mínimo de 8 caracteres')).toBeInTheDocument()
    await fill(user, { name: 'Maria', email: 'maria@salao.com.br', password: 'curta' })
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha deve ter pelo menos 8 caracteres')
    expect(callsTo('POST /api/v1/auth/signup')).toHaveLength(0)
  })

  it('lets the password be shown', async () => {
    const { user } = await open()
    const password = screen.getByLabelText('Senha')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }))
    expect(password).toHaveAttribute('type', 'text')
  })

  it('accepts a name of 120 characters, as the server does, and refuses 121', async () => {
    const { user, callsTo } = await open({ 'POST /api/v1/auth/signup': json(201, sessionResponse()) })
    await user.click(screen.getByLabelText('Nome'))
    await user.paste('a'.repeat(121))
    await fill(user, { email: 'maria@salao.com.br', password: 'senha-forte-1' })
    expect(await screen.findByText('Use no máximo 120 caracteres')).toBeInTheDocument()
    expect(callsTo('POST /api/v1/auth/signup')).toHaveLength(0)
    await user.type(screen.getByLabelText('Nome'), '{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Criar conta' }))
    await waitFor(() => expect(callsTo('POST /api/v1/auth/signup')).toHaveLength(1))
    expect((callsTo('POST /api/v1/auth/signup')[0]?.body as { name: string }).name).toHaveLength(120)
  })

  it("drops the server's answer once the form is edited or sent again", async () => {
    const { user } = await open({
      'POST /api/v1/auth/signup': apiError(409, 'email_exists', 'Já existe uma conta com este email'),
    })
    await fill(user, { name: 'Maria', email: 'maria@salao.com.br', password: 'senha-forte-1' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com este email')
    await user.type(screen.getByLabelText('Email'), 'x')
    expect(screen.queryByText('Já existe uma conta com este email')).not.toBeInTheDocument()

    // Sent again with a new mistake: only the new message is on screen.
    await user.click(screen.getByRole('button', { name: 'Criar conta' }))
    expect(await screen.findByText('Já existe uma conta com este email')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Senha'))
    await user.type(screen.getByLabelText('Senha'), 'curta')
    await user.click(screen.getByRole('button', { name: 'Criar conta' }))
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres')).toBeInTheDocument()
    expect(screen.queryByText('Já existe uma conta com este email')).not.toBeInTheDocument()
  })

  it('creates the account and goes to the dashboard', async () => {
    const { user, router, callsTo } = await open({
      'POST /api/v1/auth/signup': json(201, sessionResponse()),
    })
    await fill(user, { name: 'Maria Souza', email: 'maria@salao.com.br', password: 'senha-forte-1' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(callsTo('POST /api/v1/auth/signup')[0]?.body).toEqual({
      name: 'Maria Souza',
      email: 'maria@salao.com.br',
      password: 'senha-forte-1',
      acceptedTerms: '2026-11-v1',
    })
  })
})

describe('forgot password page', () => {
  it('always ends on the same success panel', async () => {
    const { callsTo } = mockApi({
      ...visitor,
      'POST /api/v1/auth/recover': json(200, { message: 'ok' }),
    })
    renderApp('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'quem@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se existir uma conta com este email, enviamos um link para redefinir a senha.',
    )
    expect(callsTo('POST /api/v1/auth/recover')[0]?.body).toEqual({ email: 'quem@exemplo.com' })
  })
})

describe('reset password page', () => {
  async function open(routes: Parameters<typeof mockApi>[0] = {}, path = '/reset-password?token=tok-123') {
    const api = mockApi({ ...visitor, ...routes })
    const app = renderApp(path)
    await screen.findByRole('heading', { name: 'Redefinir senha' })
    return { ...api, ...app, user: userEvent.setup() }
  }

  it('requires the two passwords to match', async () => {
    const { user, callsTo } = await open()
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-1')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-2')
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('As senhas não coincidem')
    expect(callsTo('POST /api/v1/auth/reset')).toHaveLength(0)
  })

  it('sets the new password and goes to the login with a toast', async () => {
    const { user, router, callsTo } = await open({ 'POST /api/v1/auth/reset': json(204) })
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-1')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-1')
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(callsTo('POST /api/v1/auth/reset')[0]?.body).toEqual({ token: 'tok-123', password: 'nova-senha-1' })
    expect(await screen.findByText('Senha redefinida. Entre com a nova senha.')).toBeInTheDocument()
  })

  it('explains an expired link and offers a new one', async () => {
    const { user } = await open({
      'POST /api/v1/auth/reset': apiError(400, 'invalid_token', 'Link inválido ou expirado. Solicite um novo.'),
    })
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-1')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-1')
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Link inválido ou expirado. Solicite um novo.')
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute('href', '/forgot-password')
  })

  it('says the link is invalid when it carries no token', async () => {
    await open({}, '/reset-password')
    expect(screen.getByRole('alert')).toHaveTextContent('Link inválido ou expirado. Solicite um novo.')
  })
})
