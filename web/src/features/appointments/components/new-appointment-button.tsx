import { PlusIcon } from 'lucide-react'
import { type ComponentProps, useState } from 'react'

import { Button } from '@/components/ui/button'

import { AppointmentFormDialog } from './appointment-form-dialog'
import { useStoreNow } from './catalog-context'

/**
 * NewAppointmentButton books from anywhere in one tap (the dashboard home, issue 10): it opens
 * the booking dialog on today, in the store's time zone. It needs the CatalogContext.
 */
export function NewAppointmentButton(props: Omit<ComponentProps<typeof Button>, 'onClick' | 'children'>) {
  const today = useStoreNow().date
  const [open, setOpen] = useState(false)
  // The day is taken when the dialog opens, so a dialog left open past midnight keeps its day.
  const [date, setDate] = useState(today)
  return (
    <>
      <Button
        {...props}
        onClick={() => {
          setDate(today)
          setOpen(true)
        }}
      >
        <PlusIcon aria-hidden="true" />
        Novo agendamento
      </Button>
      <AppointmentFormDialog open={open} onOpenChange={setOpen} appointment={null} defaults={{ date }} />
    </>
  )
}
