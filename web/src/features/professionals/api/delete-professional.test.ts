// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { deleteProfessionalText } from './delete-professional'

const text = (appointments: number, blockedTimes: number, services = 0) => {
  const t = deleteProfessionalText('Ana', { appointments, blockedTimes, services })
  return `${t.title} ${t.description}`
}

describe('deleteProfessionalText', () => {
  it('says what goes, in the plural', () => {
    expect(text(3, 1, 2)).toBe(
      'Excluir Ana? Também serão excluídos 3 agendamentos e 1 bloqueio de horário. Ana deixará de aparecer nos 2 serviços que realiza. Esta ação não pode ser desfeita.',
    )
  })

  it('uses the singular for one thing only', () => {
    expect(text(1, 0)).toBe('Excluir Ana? Também será excluído 1 agendamento. Esta ação não pode ser desfeita.')
    expect(text(0, 1)).toContain('Também será excluído 1 bloqueio de horário.')
    expect(deleteProfessionalText('Ana', { appointments: 0, blockedTimes: 0, services: 1 }).description).toContain(
      'Ana deixará de aparecer no serviço que realiza.',
    )
  })

  it('uses the plural for two single things together', () => {
    expect(text(1, 1)).toContain('Também serão excluídos 1 agendamento e 1 bloqueio de horário.')
  })

  it('uses the plural for many of one thing', () => {
    expect(text(0, 4)).toContain('Também serão excluídos 4 bloqueios de horário.')
    expect(text(1200, 0)).toContain('Também serão excluídos 1.200 agendamentos.')
  })

  it('says when nothing else goes', () => {
    expect(text(0, 0)).toBe(
      'Excluir Ana? Nenhum agendamento ou bloqueio de horário será excluído. Esta ação não pode ser desfeita.',
    )
  })
})
