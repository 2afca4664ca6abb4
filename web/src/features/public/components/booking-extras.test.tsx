import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { PixPayment } from './booking-extras'

const pix = { code: '00020126360014BR.GOV.BCB.PIX0114+5511934567890', amount: 4590, receiverName: 'Salão Bela Vida' }

describe('PixPayment', () => {
  it('copies the code first and shows the QR code only on request', async () => {
    const user = userEvent.setup()
    render(<PixPayment pix={pix} accepted={['pix', 'cash']} />)
    const buttons = screen.getAllByRole('button').map((b) => b.textContent)
    expect(buttons).toEqual(['Copiar código Pix', 'Mostrar QR Code'])
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Pix copia e cola')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }))
    expect(screen.getByRole('button', { name: 'Código copiado' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Código Pix copiado')
    await expect(navigator.clipboard.readText()).resolves.toBe(pix.code)

    await user.click(screen.getByRole('button', { name: 'Mostrar QR Code' }))
    expect(await screen.findByRole('img', { name: 'QR Code do Pix' })).toBeInTheDocument()
    expect(screen.getByLabelText('Pix copia e cola')).toHaveTextContent(pix.code)
    await user.click(screen.getByRole('button', { name: 'Esconder QR Code' }))
    expect(screen.queryByRole('img', { name: 'QR Code do Pix' })).not.toBeInTheDocument()
  })

  it('shows the code to copy by hand when the phone refuses the clipboard', async () => {
    const user = userEvent.setup()
    render(<PixPayment pix={pix} />)
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }))
    expect(await screen.findByText(/Não foi possível copiar\. Selecione o código abaixo/)).toBeInTheDocument()
    expect(screen.getByLabelText('Pix copia e cola')).toHaveTextContent(pix.code)
    expect(screen.getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument()
  })
})
