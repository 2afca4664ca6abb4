import { AlertCircleIcon, RefreshCwIcon } from 'lucide-react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useAuth } from '@/lib/auth/auth-context'
import { formatTimestamp } from '@/lib/dates'

import { AUDIT_SHOWN, useAudit } from '../api/get-audit'
import type { AuditData } from '../api/keys'

function who({ adminUserId, dataAffected }: { adminUserId: string; dataAffected: string }, me: string | undefined) {
  if (adminUserId === 'stripe') return 'Stripe'
  // A refusal at an admin route names a user who is not an admin, by id only.
  if (dataAffected.startsWith('admin_route:')) return `Conta sem permissão (${adminUserId})`
  if (me && adminUserId === me) return 'Você'
  return 'Outro administrador'
}

/** AuditLog is the latest admin actions on one configuration, newest first (SPEC.md sections 6 and 9). */
export function AuditLog({
  data,
  description,
  limit = AUDIT_SHOWN,
}: {
  data: AuditData
  description: string
  /** How many of the newest: 10 beside a configuration, 100 on its own (Admin Clientes). */
  limit?: number
}) {
  const { profile } = useAuth()
  const { data: entries, isPending, isError, refetch, isRefetching } = useAudit(data, limit)
  const titleId = `audit-${data || 'all'}-title`
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Histórico de ações</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid grid-cols-1 gap-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : isError ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertDescription>
              <p>Não foi possível recuperar o histórico de ações</p>
              <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void refetch()} disabled={isRefetching}>
                <RefreshCwIcon aria-hidden="true" />
                Tentar novamente
              </Button>
            </AlertDescription>
          </Alert>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma ação registrada ainda.</p>
        ) : (
          <ul
            className={
              limit > AUDIT_SHOWN
                ? 'max-h-[32rem] divide-y overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50'
                : 'divide-y'
            }
            aria-label={`As ${limit} ações mais recentes`}
            // A list that scrolls on its own must take the keyboard's focus, or arrow keys cannot scroll it.
            tabIndex={limit > AUDIT_SHOWN ? 0 : undefined}
          >
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words">{entry.action}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.timestamp}>{formatTimestamp(entry.timestamp)}</time> ·{' '}
                    {who(entry, profile?.id)}
                    {!data && (
                      <>
                        {' · '}
                        <span className="break-all">{entry.dataAffected}</span>
                      </>
                    )}
                  </p>
                </div>
                <Badge variant={entry.success ? 'success' : 'destructive'}>{entry.success ? 'Realizada' : 'Bloqueada'}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
