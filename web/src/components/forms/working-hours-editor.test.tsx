import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { defaultWorkingHours, workingHoursErrors, type WorkingHours } from '@/lib/working-hours'

import { WorkingHoursEditor } from './working-hours-editor'

function Harness({ initial = defaultWorkingHours() }: { initial?: WorkingHours }) {
  const [hours, setHours] = useState(initial)
  return (
    <>
      <WorkingHoursEditor idPrefix="t" value={hours} onChange={setHours} errors={workingHoursErrors(hours)} />
      <output data-testid="value">{JSON.stringify(hours)}</output>
    </>
  )
}

const day = (name: string) => screen.getByRole('group', { name })
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as WorkingHours

describe('WorkingHoursEditor', () => {
  it('lists the seven days in Portuguese with an "Aberto" switch each', () => {
    render(<Harness />)
    for (const name of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo']) {
      expect(within(day(name)).getByRole('switch', { name: 'Aberto' })).toBeInTheDocument()
    }
    expect(within(day('Domingo')).getByRole('switch', { name: 'Aberto' })).toHaveAttribute('aria-checked', 'false')
    expect(within(day('Domingo')).queryByLabelText('Abertura')).not.toBeInTheDocument()
  })

  it('opens a closed day and shows its times', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(within(day('Domingo')).getByRole('switch', { name: 'Aberto' }))
    expect(value().sunday.isOpen).toBe(true)
    expect(within(day('Domingo')).getByLabelText('Abertura')).toHaveValue('09:00')
  })

  it('shows an error on a day that closes before it opens', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const close = within(day('Terça')).getByLabelText('Fechamento')
    await user.clear(close)
    await user.type(close, '08:00')
    expect(within(day('Terça')).getByRole('alert')).toHaveTextContent('O fechamento deve ser depois da abertura')
    expect(close).toHaveAttribute('aria-invalid', 'true')
    expect(within(day('Segunda')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("copies one day's times to every day", async () => {
    const user = userEvent.setup()
    const initial = defaultWorkingHours()
    initial.saturday = { open: '08:00', close: '14:00', isOpen: true }
    render(<Harness initial={initial} />)
    await user.click(within(day('Sábado')).getByRole('button', { name: 'Copiar para todos os dias' }))
    const hours = value()
    expect(Object.values(hours).map((d) => `${d.open}-${d.close}`)).toEqual(Array(7).fill('08:00-14:00'))
    expect(hours.sunday.isOpen).toBe(false)
    expect(screen.getByText(/Horário de sábado \(08:00 às 14:00\) copiado para todos os dias/)).toBeInTheDocument()
  })
})
