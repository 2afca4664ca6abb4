// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { deleteServiceText } from './delete-service'

describe('deleteServiceText', () => {
  it.each([
    [12, 'Também serão excluídos 12 agendamentos.'],
    [1, 'Também será excluído 1 agendamento.'],
    [0, 'Nenhum agendamento será excluído.'],
  ])('with %i appointments says %j', (appointments, sentence) => {
    const t = deleteServiceText('Corte', { appointments })
    expect(t.title).toBe('Excluir Corte?')
    expect(t.description).toBe(`${sentence} Esta ação não pode ser desfeita.`)
  })
})
