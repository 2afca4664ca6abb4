import { AlertCircleIcon } from 'lucide-react'

import { Alert, AlertDescription } from '@/components/ui/alert'

/**
 * FormErrors shows, above a form, the messages of a failed save that name no field on it
 * (useFormSubmit answers them); it renders nothing without one. `list` sets them out as
 * a bulleted list, for forms long enough to gather several.
 */
export function FormErrors({ messages, list = false }: { messages: readonly string[]; list?: boolean }) {
  if (messages.length === 0) return null
  return (
    <Alert variant="destructive">
      <AlertCircleIcon aria-hidden="true" />
      <AlertDescription>
        {list ? (
          <ul className="list-disc space-y-0.5 pl-4">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : (
          messages.map((message) => <p key={message}>{message}</p>)
        )}
      </AlertDescription>
    </Alert>
  )
}
