import { LoaderCircleIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'

/** SaveActions ends a team dialog's form: 'Cancelar', and 'Salvar' with a spinner while it saves. */
export function SaveActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        Salvar
      </Button>
    </DialogFooter>
  )
}
