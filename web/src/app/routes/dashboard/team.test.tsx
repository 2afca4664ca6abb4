import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { PhoneInput } from '@/components/ui/phone-input'
import { json } from '@/test/api-mock'
import { professionals } from '@/test/appointments'
import { signedIn } from '@/test/fixtures'
import { renderApp } from '@/test/render-app'

const team = (professionalsSeePhones: boolean) => ({
  members: [
    { userId: 'user-1', name: 'Paula Dona', email: 'paula@salao.com.br', role: 'dono', professionalId: null, createdAt: '2026-01-01T12:00:00Z' },
  ],
  invitations: [],
  settings: { professionalsSeePhones },
})

describe("the team's privacy switch", { timeout: 20_000 }, () => {
  it("shows clients' phones to the professionals when the owner turns it on", async () => {
    const { callsTo } = signedIn({
      'GET /api/v1/team': json(200, team(false)),
      'PUT /api/v1/team/settings': json(200, { professionalsSeePhones: true }),
    })
    renderApp('/dashboard/team')
    const user = userEvent.setup()
    const toggle = await screen.findByRole('switch', { name: 'Profissionais veem o telefone dos clientes' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(toggle).toHaveAccessibleDescription(/\(11\) 9••••-4321/)
    await user.click(toggle)
    expect(await screen.findByText('Os profissionais agora veem o telefone dos clientes')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/team/settings')[0]?.body).toEqual({ professionalsSeePhones: true })
  })
})

describe("the owner's own agenda", { timeout: 20_000 }, () => {
  it('links the owner to the professional they are, for Minha agenda', async () => {
    const { callsTo } = signedIn({
      'GET /api/v1/team': json(200, team(false)),
      'GET /api/v1/professionals': json(200, professionals),
      'PUT /api/v1/team/owner': json(200, { storeId: 'user-1', role: 'dono', professionalId: 'p2' }),
    })
    renderApp('/dashboard/team')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Minha agenda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Minha agenda' })
    await user.selectOptions(within(dialog).getByLabelText('Eu sou'), 'Bruno Alves')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Sua agenda agora é a de Bruno Alves')).toBeInTheDocument()
    expect(callsTo('PUT /api/v1/team/owner')[0]?.body).toEqual({ professionalId: 'p2' })
  })
})

function MaskedField() {
  const [value, setValue] = useState('m1194321.c2VsYWRv')
  return (
    <>
      <PhoneInput aria-label="Telefone" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  )
}

describe('a masked phone in a form', () => {
  it('reads (11) 9••••-4321, goes back as it is, and typing after it starts a new number', async () => {
    render(<MaskedField />)
    const input = screen.getByRole('textbox', { name: 'Telefone' })
    expect(input).toHaveValue('(11) 9••••-4321')
    expect(screen.getByRole('status')).toHaveTextContent('m1194321.c2VsYWRv')
    const user = userEvent.setup()
    await user.type(input, '21')
    expect(input).toHaveValue('(21')
    expect(screen.getByRole('status')).toHaveTextContent('(21')
  })
})
