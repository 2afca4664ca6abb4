import type { MemberRole } from './team'

export type ProfessionalOption = { id: string; name: string }

export const memberRoles: MemberRole[] = ['gerente', 'recepcao', 'profissional']

/** roleHints say in a line what each role is for, under the choice. */
export const roleHints: Record<MemberRole, string> = {
  gerente: 'Tudo, menos o plano, os pagamentos e a exclusão da conta.',
  recepcao: 'Todas as agendas, clientes e bloqueios; sem relatórios, promoções ou configurações do salão.',
  profissional: 'Só a própria agenda, os próprios bloqueios, os clientes que atendeu e os próprios números.',
}
