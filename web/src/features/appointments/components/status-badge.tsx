import { type AppointmentStatus, STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'
import { cn } from '@/lib/utils'

export function StatusBadge({ status, className }: { status: AppointmentStatus; className?: string }) {
  return (
    <span
      data-slot="status-badge"
      className={cn(
        'inline-flex w-fit shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_STYLES[status].badge,
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  )
}
