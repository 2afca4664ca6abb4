import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { HelpDialog } from './help-dialog'

function renderHelp(settings: { websiteUrl: string; whatsappNumber: string }) {
  mockApi({ 'GET /api/v1/settings/help': json(200, settings) })
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <HelpDialog open onOpenChange={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
  )
  return screen.findByRole('dialog', { name: 'Precisa de ajuda?' })
}

afterEach(() => vi.unstubAllGlobals())

describe('the help dialog', () => {
  it('offers WhatsApp and the help centre when both are set', async () => {
    const dialog = await renderHelp({ websiteUrl: 'https://ajuda.agendo.com.br', whatsappNumber: '5511987654321' })
    expect(await within(dialog).findByRole('link', { name: /Conversar no WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5511987654321\?text=/),
    )
    expect(within(dialog).getByRole('link', { name: /Central de ajuda/ })).toHaveAttribute('href', 'https://ajuda.agendo.com.br/')
    expect(within(dialog).queryByRole('navigation', { name: 'Atalhos de ajuda' })).not.toBeInTheDocument()
  })

  it('says kindly that support is not set up yet, and answers the common questions meanwhile', async () => {
    const dialog = await renderHelp({ websiteUrl: '', whatsappNumber: '' })
    expect(await within(dialog).findByText(/ainda não está disponível por aqui/)).toBeInTheDocument()
    const guide = within(dialog).getByRole('navigation', { name: 'Atalhos de ajuda' })
    expect(within(guide).getByRole('link', { name: /Divulgar sua página de agendamento/ })).toHaveAttribute('href', '/dashboard/store')
    expect(within(guide).getByRole('link', { name: /Exportar seus dados/ })).toHaveAttribute('href', '/dashboard/settings')
    expect(within(dialog).queryByRole('link', { name: /WhatsApp|Central de ajuda/ })).not.toBeInTheDocument()
    expect(within(dialog).queryByText(/WhatsApp/)).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('hides the WhatsApp link when only the website is set', async () => {
    const dialog = await renderHelp({ websiteUrl: 'https://ajuda.agendo.com.br', whatsappNumber: '' })
    expect(await within(dialog).findByRole('link', { name: /Central de ajuda/ })).toBeInTheDocument()
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument()
    expect(within(dialog).queryByText(/WhatsApp/)).not.toBeInTheDocument()
  })

  it('hides the website link when only WhatsApp is set', async () => {
    const dialog = await renderHelp({ websiteUrl: '', whatsappNumber: '5511987654321' })
    expect(await within(dialog).findByRole('link', { name: /Conversar no WhatsApp/ })).toBeInTheDocument()
    expect(within(dialog).queryByRole('link', { name: /Central de ajuda/ })).not.toBeInTheDocument()
  })
})
