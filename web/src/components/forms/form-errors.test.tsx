import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { FormErrors } from './form-errors'

describe('FormErrors', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormErrors messages={[]} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('announces each message', () => {
    render(<FormErrors messages={['Serviço não encontrado', 'Limite do plano']} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Serviço não encontradoLimite do plano')
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument()
  })

  it('sets the messages out as a list when asked', () => {
    render(<FormErrors list messages={['Serviço não encontrado', 'Limite do plano']} />)
    const items = within(screen.getByRole('alert')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Serviço não encontrado', 'Limite do plano'])
  })
})
