import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'

/** The messages of an integrity check, or that all is well. */
export function IntegrityIssues({ issues, checked }: { issues: string[]; checked: string }) {
  if (issues.length === 0) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm">
        <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span>Tudo certo: {checked}.</span>
      </p>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-1.5 text-sm" aria-label="Problemas encontrados">
      {issues.map((issue) => (
        <li key={issue} className="flex items-start gap-2">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span className="min-w-0 break-words">{issue}</span>
        </li>
      ))}
    </ul>
  )
}
