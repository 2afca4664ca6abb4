import { type Permission, type Role, ROLE_GRANTS } from '../api-limits'
import { useAuth } from './auth-context'

// What the signed-in person may do in the store they act in (issue 26). The grants are the
// server's (Go's domain.RolePermissions, through the OpenAPI document's x-roles): the app
// shows what the role may use, and the server refuses the rest all the same.

/** can reports whether role may do what permission names. */
export function can(role: Role, permission: Permission) {
  return ROLE_GRANTS[role].includes(permission)
}

/**
 * useRole is the person's role in the store the session acts in: the owner's until a session
 * says otherwise (every account owns its store).
 */
export function useRole(): Role {
  return (useAuth().seat?.role ?? 'dono')
}

/** useCan reports whether the signed-in person may do what permission names. */
export function useCan(permission: Permission) {
  return can(useRole(), permission)
}

/**
 * useMyAgenda is the professional record of a person who is not a profissional but serves clients
 * too (an owner, a manager or a receptionist linked to one): their agenda offers 'Minha agenda'.
 * Null for everyone else; a profissional's agenda is only theirs already.
 */
export function useMyAgenda(): string | null {
  const seat = useAuth().seat
  return seat && seat.role !== 'profissional' ? (seat.professionalId ?? null) : null
}

/**
 * useOwnProfessional is the professional record a profissional's agenda is (null for every
 * other role, who see the whole store): pickers offer only it, as the server serves only it.
 */
export function useOwnProfessional(): string | null {
  const seat = useAuth().seat
  return seat?.role === 'profissional' ? (seat.professionalId ?? 'nenhum') : null
}
