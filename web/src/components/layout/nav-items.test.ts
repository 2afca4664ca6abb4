import { describe, expect, it } from 'vitest'

import { bottomNavItemsFor, navItemsFor, pagePermission } from './nav-items'

describe('the menu by role', () => {
  it("shows each role the pages the server's grants allow", () => {
    const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((i) => i.label)
    expect(labels('dono')).toContain('Planos')
    expect(labels('gerente')).not.toContain('Planos')
    expect(labels('gerente')).toContain('Equipe')
    expect(labels('recepcao')).toEqual(['Dashboard', 'Agendamentos', 'Clientes', 'Configurações'])
    expect(labels('profissional')).toEqual(['Dashboard', 'Agendamentos', 'Clientes', 'Relatórios', 'Configurações'])
    expect(bottomNavItemsFor('profissional').map((i) => i.label)).toEqual(['Dashboard', 'Agendamentos', 'Clientes'])
  })

  it('finds the permission of a page from its menu item, pages under it included', () => {
    expect(pagePermission('/dashboard')).toBe('dashboard')
    expect(pagePermission('/dashboard/clients/5511912345678')).toBe('clients')
    expect(pagePermission('/dashboard/team')).toBe('team')
    expect(pagePermission('/dashboard/promotions/abc')).toBe('promotions')
    expect(pagePermission('/dashboard/admin/plans')).toBeUndefined()
  })
})
