import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

import { FormField } from './form-field'

describe('FormField', () => {
  it('names its control by the label and marks nothing while the value is fine', () => {
    render(
      <FormField id="service-name" label="Nome">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Nome' })
    expect(input).toHaveAttribute('id', 'service-name')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('describes the control by its hint, and by its error once there is one', () => {
    const { rerender } = render(
      <FormField id="service-price" label="Preço" optional hint="Em branco: sem preço na página.">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: /^Preço/ })
    expect(screen.getByText('(opcional)')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription('Em branco: sem preço na página.')
    expect(input).not.toHaveAttribute('aria-invalid')

    rerender(
      <FormField id="service-price" label="Preço" optional hint="Em branco: sem preço na página." error="Use um valor válido">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'service-price-hint service-price-error')
    expect(input).toHaveAccessibleDescription('Em branco: sem preço na página. Use um valor válido')
    expect(screen.getByRole('alert')).toHaveTextContent('Use um valor válido')
  })

  it('marks the field data-invalid only while it has an error', () => {
    const { rerender } = render(
      <FormField id="service-name" label="Nome">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const field = screen.getByRole('textbox', { name: 'Nome' }).closest('[data-slot="field"]')
    expect(field).not.toHaveAttribute('data-invalid')
    rerender(
      <FormField id="service-name" label="Nome" error="Informe o nome">
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    expect(field).toHaveAttribute('data-invalid', 'true')
  })

  it('lists several errors in one alert that describes the control', () => {
    render(
      <FormField id="level-visits" label="Visitas" error={['Precisa de mais visitas', undefined, 'Use um número inteiro']}>
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Visitas' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Precisa de mais visitas Use um número inteiro')
    const items = within(screen.getByRole('alert')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Precisa de mais visitas', 'Use um número inteiro'])
  })

  it('is not invalid with a list of no messages', () => {
    render(
      <FormField id="level-name" label="Nome" error={[undefined]}>
        {(aria) => <Input {...aria} />}
      </FormField>,
    )
    expect(screen.getByRole('textbox', { name: 'Nome' })).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('FieldError', () => {
  it('says one message as a line, and a repeated one once', () => {
    render(<FieldError message="Informe o nome" messages={['Informe o nome', null]} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Informe o nome')
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument()
  })

  it('renders nothing without a message', () => {
    const { container } = render(<FieldError messages={[]} />)
    expect(container).toBeEmptyDOMElement()
  })
})
