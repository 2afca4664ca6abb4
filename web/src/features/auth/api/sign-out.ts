import { useMutation } from '@tanstack/react-query'

import { useAuthStore } from '@/lib/auth/auth-context'
import type { SignOutScope } from '@/lib/auth/types'

/** useSignOut ends sessions (POST /api/v1/auth/signout); 401, 403 and 404 count as done. */
export function useSignOut() {
  const store = useAuthStore()
  return useMutation({ mutationFn: (scope: SignOutScope) => store.signOut(scope) })
}
