import { LockIcon, SearchIcon } from 'lucide-react'
import { useDeferredValue, useState } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Pager } from '@/components/ui/pager'
import { NativeSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { formatTimestamp } from '@/lib/dates'
import { countLabel, formatDate } from '@/lib/format'

import { planDetail, planLabel } from '../api/account-labels'
import { AUDIT_LATEST } from '../api/get-audit'
import { type Account, ACCOUNTS_PAGE_SIZE, useAccounts } from '../api/get-accounts'
import type { AccountsFilter } from '../api/keys'

import { AccountDetailDialog } from './account-detail-dialog'
import { AuditLog } from './audit-log'
import { PlatformIntegrityCard } from './platform-integrity'

function AccountCard({ account, onOpen }: { account: Account; onOpen: () => void }) {
  const detail = planDetail(account.plan)
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full min-w-0 grid-cols-1 gap-2 rounded-xl border bg-card p-4 text-left outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex min-w-0 flex-col items-start justify-between gap-2 sm:flex-row">
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words">{account.name || 'Sem nome'}</span>
            <span className="block text-sm break-all text-muted-foreground">{account.email}</span>
          </span>
          <span className="flex flex-wrap gap-1.5">
            {account.lockedAt && (
              <Badge variant="destructive">
                <LockIcon aria-hidden="true" />
                Bloqueada
              </Badge>
            )}
            {account.isAdmin && <Badge variant="secondary">Admin</Badge>}
            <Badge variant={account.plan.type === 'premium' && account.plan.isActive ? 'success' : 'outline'}>
              {planLabel(account.plan)}
            </Badge>
          </span>
        </span>
        <span className="block text-sm break-words">
          {account.storeName || <span className="text-muted-foreground">Loja sem nome ainda</span>}
          {detail && <span className="text-muted-foreground"> · {detail}</span>}
        </span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>
            {countLabel(account.appointments, 'agendamento', 'agendamentos')} · {account.last30Days.toLocaleString('pt-BR')} em
            30 dias
          </span>
          <span>Último acesso: {account.lastSignInAt ? formatTimestamp(account.lastSignInAt) : 'nunca'}</span>
          <span>Criada em {formatDate(account.createdAt)}</span>
        </span>
      </button>
    </li>
  )
}

/**
 * AdminClientsPage is Admin Clientes: every account, newest first, with search, filters and
 * pages; an account opens its detail and actions. Then the latest admin actions of all kinds.
 */
export function AdminClientsPage() {
  const [search, setSearch] = useState('')
  const [plan, setPlan] = useState<AccountsFilter['plan']>('')
  const [locked, setLocked] = useState(false)
  const [offset, setOffset] = useState(0)
  const [open, setOpen] = useState<string | null>(null)
  const q = useDeferredValue(search)
  const { data, isPending, isError, error, refetch } = useAccounts({ q, plan, locked, offset })

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      <Card role="region" aria-labelledby="accounts-title">
        <CardHeader>
          <CardTitle id="accounts-title">Contas</CardTitle>
          <CardDescription>
            Quem usa o Agendo, as mais novas primeiro. Os clientes dos salões não aparecem aqui.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-center">
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Buscar por nome, email ou loja"
                placeholder="Buscar por nome, email ou loja"
                className="pl-9"
                value={search}
                maxLength={100}
                onChange={(e) => {
                  setSearch(e.target.value)
                  setOffset(0)
                }}
              />
            </div>
            <NativeSelect
              aria-label="Plano"
              value={plan}
              onChange={(e) => {
                setPlan(e.target.value as AccountsFilter['plan'])
                setOffset(0)
              }}
            >
              <option value="">Todos os planos</option>
              <option value="free">Gratuito</option>
              <option value="premium">Premium</option>
            </NativeSelect>
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <Switch
                checked={locked}
                onCheckedChange={(next) => {
                  setLocked(next)
                  setOffset(0)
                }}
              />
              Só bloqueadas
            </label>
          </div>
          {isPending ? (
            <div className="grid grid-cols-1 gap-2" aria-busy="true">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ) : isError ? (
            <LoadError error={error} what="as contas" onRetry={() => void refetch()} />
          ) : data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">Nenhuma conta encontrada.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2" aria-label="Contas">
              {data.items.map((a) => (
                <AccountCard key={a.id} account={a} onOpen={() => setOpen(a.id)} />
              ))}
            </ul>
          )}
          {data && (
            <Pager offset={offset} limit={ACCOUNTS_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} noun="contas" />
          )}
        </CardContent>
      </Card>
      <PlatformIntegrityCard />
      <AuditLog
        data=""
        limit={AUDIT_LATEST}
        description="As 100 ações mais recentes de administradores, as bloqueadas também, e as mudanças de plano do Stripe."
      />
      <AccountDetailDialog id={open} onClose={() => setOpen(null)} />
    </div>
  )
}
