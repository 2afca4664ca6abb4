// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { defaultWorkingHours } from '@/lib/working-hours'

import { dayNote, STATUS_ACTIONS, weekdayHours } from './labels'

describe('the week view’s day notes', () => {
  const hours = defaultWorkingHours() // Monday to Saturday, Sunday closed
  it("says 'Fechado' on a closed weekday, past or not, and 'Livre' only ahead", () => {
    const sunday = weekdayHours(hours, '2026-11-29')
    const monday = weekdayHours(hours, '2026-11-30')
    expect(sunday?.isOpen).toBe(false)
    expect(dayNote(0, false, sunday)).toBe('Fechado')
    expect(dayNote(0, true, sunday)).toBe('Fechado')
    expect(dayNote(0, false, monday)).toBe('Livre')
    expect(dayNote(0, true, monday)).toBe('')
  })

  it('counts the appointments whatever the day', () => {
    expect(dayNote(1, true, weekdayHours(hours, '2026-11-30'))).toBe('1 agendamento')
    expect(dayNote(3, false, weekdayHours(hours, '2026-11-29'))).toBe('3 agendamentos')
    expect(dayNote(0, false, undefined)).toBe('Livre')
  })
})

describe('the one-tap status changes', () => {
  it("offer what the server's rule allows from each status (internal/domain/status_changes.json)", () => {
    const from = Object.fromEntries(STATUS_ACTIONS.map((a) => [a.label, a.from]))
    expect(from).toEqual({
      Confirmar: ['scheduled'],
      Concluir: ['scheduled', 'confirmed'],
      Cancelar: ['scheduled', 'confirmed'],
      'Não compareceu': ['scheduled', 'confirmed'],
      Reabrir: ['completed', 'cancelled', 'no_show'],
    })
  })
})
