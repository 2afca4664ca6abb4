import { useProfessionals } from '@/features/professionals/api/get-professionals'
import { TeamPanel } from '@/features/team/components/team-panel'

/** The Equipe page: the team, with the professionals an invitation can link a login to. */
export function TeamRoute() {
  const professionals = useProfessionals().data ?? []
  return <TeamPanel professionals={professionals.map((p) => ({ id: p.id, name: p.name }))} />
}
