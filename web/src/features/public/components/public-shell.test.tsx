import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'

import { PublicFooter } from './public-shell'

describe('the public pages’ footer', () => {
  it('says who uses the name and phone and why, with the store’s contact and the privacy policy', () => {
    render(
      <MemoryRouter>
        <PublicFooter store={{ name: 'Studio Bela', phone: '(11) 3456-7890', whatsapp: '11912345678' }} />
      </MemoryRouter>,
    )
    expect(
      screen.getByText(/Studio Bela usa seu nome, telefone e e-mail \(se você informar\) só para o seu agendamento: confirmar, lembrar e falar com você sobre o horário\. Contato: \(11\) 91234-5678\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')
  })

  it('falls back to the store’s phone, and shows only the credit without a store', () => {
    const { rerender } = render(
      <MemoryRouter>
        <PublicFooter store={{ name: 'Studio Bela', phone: '(11) 3456-7890', whatsapp: '' }} />
      </MemoryRouter>,
    )
    expect(screen.getByText(/Contato: \(11\) 3456-7890\./)).toBeInTheDocument()
    rerender(
      <MemoryRouter>
        <PublicFooter />
      </MemoryRouter>,
    )
    expect(screen.queryByRole('link', { name: 'Política de privacidade' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Agendo' })).toBeInTheDocument()
  })
})
