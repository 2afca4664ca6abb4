import { AlertCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { Alert, AlertDescription } from '@/components/ui/alert'

import { weakPasswordReasons } from '../api/messages'

/**
 * FormError is a form-level error (role="alert"): a message, the weak-password reasons the
 * server gave, and optional extra content such as a link.
 */
export function FormError({
  message,
  reasons = [],
  children,
}: {
  message: string | null | undefined
  reasons?: string[]
  children?: ReactNode
}) {
  if (!message) return null
  const explained = reasons.map((reason) => weakPasswordReasons[reason] ?? reason)
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        <p className="font-medium">{message}</p>
        {explained.length > 0 && (
          <ul className="list-disc space-y-0.5 pl-4 text-[0.8rem]">
            {explained.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
        {children}
      </AlertDescription>
    </Alert>
  )
}
