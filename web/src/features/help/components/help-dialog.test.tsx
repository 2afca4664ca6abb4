import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { json, mockApi } from '@/test/api-mock'

import { HelpDialog } from './help-dialog'

function renderHelp(settings: { websiteUrl: string; whatsappNumber: string }) {
  mockApi({ 'GET /api/v1/settings/help': json(200, settings) })
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  render(
    <QueryClientProvider client={queryClient}>
      <HelpDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
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
  })

  it('says kindly that support is not set up yet when an admin has not set either channel', async () => {
    const dialog = await renderHelp({ websiteUrl: '', whatsappNumber: '' })
    expect(await within(dialog).findByText('O suporte ainda não foi configurado.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument()
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
