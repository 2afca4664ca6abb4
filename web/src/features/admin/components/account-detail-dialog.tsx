import { ExternalLinkIcon, KeyRoundIcon, LockIcon, LockOpenIcon, SparklesIcon } from 'lucide-react'
import { useState } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { formatTimestamp } from '@/lib/dates'
import { formatDate } from '@/lib/format'

import type { AccountAction } from '../api/account-action'
import { planDetail, planLabel } from '../api/account-labels'
import { useAccount } from '../api/get-account'

import { AccountActionDialog } from './account-action-dialog'

/** What a billing event did to the plan, in the admin's words. */
const EVENT_NAMES: Record<string, string> = {
  subscription_started: 'Assinatura iniciada',
  payment_approved: 'Pagamento aprovado',
  payment_failed: 'Pagamento recusado',
  payment_past_due: 'Pagamento atrasado',
  payment_incomplete: 'Pagamento incompleto',
  subscription_canceled: 'Assinatura cancelada',
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  )
}

/**
 * AccountDetailDialog is one account: who, which store, the plan with its history, the usage of
 * the free limit, and the actions (each asks its reason). Never the salon's clients.
 */
export function AccountDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, isError, error, refetch } = useAccount(id)
  const [action, setAction] = useState<AccountAction | null>(null)
  const account = data?.account

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-10 break-words">{account?.name || 'Conta'}</DialogTitle>
          <DialogDescription className="break-all">{account?.email ?? 'Carregando…'}</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <div className="grid grid-cols-1 gap-3" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </div>
        ) : isError || !account ? (
          <LoadError error={error} what="a conta" onRetry={() => void refetch()} />
        ) : (
          <div className="grid grid-cols-1 gap-5">
            {account.lockedAt && (
              <p role="status" className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm break-words">
                <span className="font-medium text-destructive">Bloqueada em {formatTimestamp(account.lockedAt)}.</span>{' '}
                Motivo: {account.lockedReason}
              </p>
            )}
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Fact label="Loja">
                {account.storeSlug ? (
                  <a
                    href={paths.store.build(account.storeSlug)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-1 text-primary underline-offset-4 hover:underline sm:min-h-0"
                  >
                    {account.storeName}
                    <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="sr-only">(abre a página pública em nova aba)</span>
                  </a>
                ) : (
                  <span className="text-muted-foreground">Loja sem nome ainda</span>
                )}
              </Fact>
              <Fact label="Plano">
                {planLabel(account.plan)}
                {planDetail(account.plan) && <span className="font-normal text-muted-foreground"> · {planDetail(account.plan)}</span>}
              </Fact>
              <Fact label="Criada em">{formatDate(account.createdAt)}</Fact>
              <Fact label="Último acesso">{account.lastSignInAt ? formatTimestamp(account.lastSignInAt) : 'Nunca'}</Fact>
              <Fact label="Agendamentos">{account.appointments.toLocaleString('pt-BR')}</Fact>
              <Fact label="Nos últimos 30 dias">{account.last30Days.toLocaleString('pt-BR')}</Fact>
            </dl>

            <section aria-labelledby="usage-title" className="grid grid-cols-1 gap-2">
              <h3 id="usage-title" className="text-sm font-semibold">
                Uso do plano gratuito
              </h3>
              {data.usage.unlimited ? (
                <p className="text-sm text-muted-foreground">
                  Sem limite enquanto for Premium ({data.usage.count.toLocaleString('pt-BR')} agendamentos).
                </p>
              ) : (
                <>
                  <Progress value={data.usage.progress} aria-label="Uso do limite gratuito" />
                  <p className="text-sm text-muted-foreground">
                    {data.usage.count.toLocaleString('pt-BR')} de {data.usage.limit.toLocaleString('pt-BR')} agendamentos ·{' '}
                    {data.usage.remaining.toLocaleString('pt-BR')} restantes
                  </p>
                </>
              )}
            </section>

            <section aria-labelledby="history-title" className="grid grid-cols-1 gap-2">
              <h3 id="history-title" className="text-sm font-semibold">
                Histórico do plano
              </h3>
              {data.planHistory.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhuma mudança de plano registrada.</p>
              ) : (
                <ul className="divide-y rounded-lg border">
                  {data.planHistory.map((e, i) => (
                    <li key={i} className="grid grid-cols-1 gap-0.5 px-3 py-2 text-sm">
                      <span className="font-medium break-words">
                        {e.type === 'admin.premium_granted' ? 'Premium concedido pela equipe' : (EVENT_NAMES[e.kind] ?? e.type)}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        <time dateTime={e.at}>{formatTimestamp(e.at)}</time>
                        {e.note && <span className="break-words"> · {e.note}</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="actions-title" className="grid grid-cols-1 gap-2">
              <h3 id="actions-title" className="text-sm font-semibold">
                Ações
              </h3>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <Button variant="outline" onClick={() => setAction('password-reset')}>
                  <KeyRoundIcon aria-hidden="true" />
                  Enviar redefinição de senha
                </Button>
                <Button variant="outline" onClick={() => setAction('premium')}>
                  <SparklesIcon aria-hidden="true" />
                  Conceder Premium
                </Button>
                {account.lockedAt ? (
                  <Button variant="outline" onClick={() => setAction('unlock')}>
                    <LockOpenIcon aria-hidden="true" />
                    Desbloquear conta
                  </Button>
                ) : (
                  <Button variant="outline" className="text-destructive" onClick={() => setAction('lock')}>
                    <LockIcon aria-hidden="true" />
                    Bloquear conta
                  </Button>
                )}
              </div>
            </section>
          </div>
        )}
        {account && (
          <AccountActionDialog accountId={account.id} accountName={account.name} action={action} onClose={() => setAction(null)} />
        )}
      </DialogContent>
    </Dialog>
  )
}
