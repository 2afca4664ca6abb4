import { useId } from 'react'
import { toast } from 'sonner'

import { NativeSelect } from '@/components/ui/select'
import { isApiError } from '@/lib/api-client'
import { ROLE_LABELS } from '@/lib/api-limits'
import { useAuth } from '@/lib/auth/auth-context'
import { cn } from '@/lib/utils'

import { useStores, useSwitchStore } from '../api/stores'

/**
 * StoreSwitcher picks the salon to work in, for a person on more than one team; with one
 * salon it shows nothing. onSwitched runs once the new session is stored.
 */
export function StoreSwitcher({ className, onSwitched }: { className?: string; onSwitched: () => void }) {
  const id = useId()
  const stores = useStores().data
  const current = useAuth().seat?.storeId
  const switchStore = useSwitchStore()
  if (!stores || stores.length < 2) return null
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Salão
      </label>
      <NativeSelect
        id={id}
        value={current ?? ''}
        disabled={switchStore.isPending}
        onChange={(event) =>
          switchStore.mutate(event.target.value, {
            onSuccess: onSwitched,
            onError: (error) =>
              toast.error(isApiError(error) && error.status !== 0 ? error.message : 'Não foi possível trocar de salão.'),
          })
        }
      >
        {stores.map((s) => (
          <option key={s.storeId} value={s.storeId}>
            {(s.storeName || 'Salão sem nome') + ' · ' + ROLE_LABELS[s.role]}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
