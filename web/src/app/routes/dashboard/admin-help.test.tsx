import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { apiError, type Call, json } from '@/test/api-mock'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

function asAdmin(routes: Parameters<typeof signedIn>[0] = {}) {
  return signedIn({
    'GET /api/v1/auth/access': json(200, { isAdmin: true }),
    'GET /api/v1/admin/help-settings': json(200, { websiteUrl: '', whatsappNumber: '' }),
    'GET /api/v1/admin/audit': json(200, []),
    ...routes,
  })
}

async function open() {
  renderApp('/dashboard/admin/help')
  await screen.findByRole('button', { name: 'Salvar alterações' })
  return userEvent.setup()
}

describe('Configurar Ajuda', { timeout: 20_000 }, () => {
  it('previews the dialog and the WhatsApp link from the digits, saves in E.164 and says so', async () => {
    const { callsTo } = asAdmin({
      'PUT /api/v1/admin/help-settings': (call: Call) => json(200, call.body),
    })
    const user = await open()
    const preview = screen.getByRole('region', { name: 'Prévia do diálogo de ajuda' })
    expect(within(preview).getByText('O suporte ainda não foi configurado.')).toBeInTheDocument()

    await user.type(screen.getByLabelText(/WhatsApp do suporte/), '11912345678')
    await user.type(screen.getByLabelText(/Site de ajuda/), 'https://ajuda.agendo.com.br')
    expect(screen.getByLabelText(/WhatsApp do suporte/)).toHaveValue('(11) 91234-5678')
    expect(within(preview).getByRole('link', { name: /Conversar no WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5511912345678\?text=/),
    )
    expect(within(preview).getByRole('link', { name: /Central de ajuda/ })).toHaveAttribute('href', 'https://ajuda.agendo.com.br/')
    expect(screen.getByTestId('whatsapp-link')).toHaveTextContent('https://wa.me/5511912345678?text=')

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(callsTo('PUT /api/v1/admin/help-settings')).toHaveLength(1))
    expect(callsTo('PUT /api/v1/admin/help-settings')[0]?.body).toEqual({
      websiteUrl: 'https://ajuda.agendo.com.br',
      whatsappNumber: '+5511912345678',
    })
    expect(await screen.findByText('Operação Realizada')).toBeInTheDocument()
  })

  it('refuses a website that is not https and a number that is not a phone before asking the server', async () => {
    const { callsTo } = asAdmin()
    const user = await open()
    await user.type(screen.getByLabelText(/WhatsApp do suporte/), '1234')
    await user.type(screen.getByLabelText(/Site de ajuda/), 'http://ajuda.agendo.com.br')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Use um endereço seguro, que comece com https://')).toBeInTheDocument()
    expect(screen.getByText('Informe um WhatsApp com DDD, como (11) 91234-5678')).toBeInTheDocument()
    expect(screen.getByLabelText(/Site de ajuda/)).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('PUT /api/v1/admin/help-settings')).toHaveLength(0)
  })

  it("shows the server's refusal on the field and as 'Operação Bloqueada'", async () => {
    asAdmin({
      'PUT /api/v1/admin/help-settings': apiError(422, 'invalid', 'Use um endereço seguro, que comece com https://', {
        fields: { websiteUrl: 'Use um endereço seguro, que comece com https://' },
      }),
    })
    const user = await open()
    await user.type(screen.getByLabelText(/Site de ajuda/), 'https://ajuda.agendo.com.br')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Operação Bloqueada')).toBeInTheDocument()
    expect(screen.getByLabelText(/Site de ajuda/)).toHaveAttribute('aria-invalid', 'true')
  })
})
