import { CalendarCheckIcon, CheckIcon, PencilIcon, UserPlusIcon, UserXIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { LoadError } from '@/components/layout/load-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { isApiError } from '@/lib/api-client'
import { PERMISSION_LABELS, ROLE_GRANTS, ROLE_LABELS, ROLES, type Role } from '@/lib/api-limits'
import { useCan } from '@/lib/auth/permissions'
import { formatDate } from '@/lib/format'

import type { ProfessionalOption } from '../api/roles'
import { type Invitation, type Member, useRemoveMember, useRevokeInvitation, useSaveTeamSettings, useTeam } from '../api/team'
import { InviteDialog } from './invite-dialog'
import { MemberDialog } from './member-dialog'
import { OwnAgendaDialog } from './own-agenda-dialog'

const stateBadges: Record<Invitation['state'], { label: string; variant: 'secondary' | 'success' | 'outline' }> = {
  pendente: { label: 'Aguardando', variant: 'secondary' },
  aceito: { label: 'Aceito', variant: 'success' },
  expirado: { label: 'Expirado', variant: 'outline' },
  cancelado: { label: 'Cancelado', variant: 'outline' },
}

// The owner may do everything: their list says what is theirs alone.
const ownerOnly = ROLE_GRANTS.dono.filter((p) => !ROLE_GRANTS.gerente.includes(p))

const failed = (error: unknown, fallback: string) =>
  toast.error(isApiError(error) && error.status !== 0 ? error.message : fallback)

/**
 * TeamPanel is 'Equipe': who works in the salon and with which role, the invitations sent,
 * and what each role may do, read from the server's own list.
 */
export function TeamPanel({ professionals }: { professionals: ProfessionalOption[] }) {
  const team = useTeam()
  const remove = useRemoveMember()
  const revoke = useRevokeInvitation()
  const saveSettings = useSaveTeamSettings()
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<Member | null>(null)
  const [removing, setRemoving] = useState<Member | null>(null)
  const [cancelling, setCancelling] = useState<Invitation | null>(null)
  const [ownAgenda, setOwnAgenda] = useState<Member | null>(null)
  const mayLinkOwn = useCan('owner.agenda')

  const linked = new Set(team.data?.members.map((m) => m.professionalId).filter(Boolean))
  const free = professionals.filter((p) => !linked.has(p.id))
  const proName = (id: string | null | undefined) => professionals.find((p) => p.id === id)?.name

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Cada pessoa entra com o próprio login e vê o que a função dela permite.
        </p>
        <Button onClick={() => setInviting(true)} className="w-full sm:w-auto">
          <UserPlusIcon aria-hidden="true" />
          Convidar
        </Button>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Membros</CardTitle>
        </CardHeader>
        <CardContent>
          {team.isPending ? (
            <Skeleton className="h-24 rounded-lg" />
          ) : team.isError || !team.data ? (
            <LoadError onRetry={() => void team.refetch()} what="a equipe" error={team.error} />
          ) : (
            <ul className="divide-y">
              {team.data.members.map((m) => (
                <li key={m.userId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="min-w-0 break-words">{m.name}</span>
                      <Badge variant={m.role === 'dono' ? 'default' : 'secondary'}>{ROLE_LABELS[m.role]}</Badge>
                    </p>
                    <p className="truncate text-sm text-muted-foreground">
                      {m.email}
                      {proName(m.professionalId) && ` · agenda de ${proName(m.professionalId)}`}
                    </p>
                  </div>
                  {m.role === 'dono' && mayLinkOwn && (
                    <Button variant="outline" onClick={() => setOwnAgenda(m)} className="w-full sm:w-auto">
                      <CalendarCheckIcon aria-hidden="true" />
                      Minha agenda
                    </Button>
                  )}
                  {m.role !== 'dono' && (
                    <div className="grid grid-cols-2 gap-2 sm:flex">
                      <Button variant="outline" onClick={() => setEditing(m)} aria-label={`Mudar a função de ${m.name}`}>
                        <PencilIcon aria-hidden="true" />
                        Função
                      </Button>
                      <Button variant="outline" onClick={() => setRemoving(m)} aria-label={`Remover ${m.name} da equipe`}>
                        <UserXIcon aria-hidden="true" />
                        Remover
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {team.data && team.data.invitations.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Convites</CardTitle>
            <CardDescription>Os dos últimos 30 dias. Cada link vale por 72 horas e uma única vez.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y">
              {team.data.invitations.map((inv) => (
                <li key={inv.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="min-w-0 break-words">{inv.name || inv.email || 'Convite sem nome'}</span>
                      <Badge variant={stateBadges[inv.state].variant}>{stateBadges[inv.state].label}</Badge>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {ROLE_LABELS[inv.role as Role]}
                      {inv.state === 'pendente' && ` · vale até ${formatDate(inv.expiresAt)}`}
                    </p>
                  </div>
                  {inv.state === 'pendente' && (
                    <Button variant="outline" onClick={() => setCancelling(inv)}>
                      Cancelar convite
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      {team.data && (
        <Card>
          <CardHeader>
            <CardTitle>Privacidade dos clientes</CardTitle>
          </CardHeader>
          <CardContent className="flex items-start gap-3">
            <Switch
              id="team-phones"
              aria-describedby="team-phones-hint"
              checked={team.data.settings.professionalsSeePhones}
              disabled={saveSettings.isPending}
              onCheckedChange={(next) =>
                saveSettings.mutate(
                  { professionalsSeePhones: next },
                  {
                    onSuccess: () => toast.success(next ? 'Os profissionais agora veem o telefone dos clientes' : 'Telefones ocultos para os profissionais'),
                    onError: (error) => failed(error, 'Não foi possível salvar. Tente de novo.'),
                  },
                )
              }
            />
            <div className="grid gap-1 pt-2.5 sm:pt-0.5">
              <label htmlFor="team-phones" className="text-sm font-medium">
                Profissionais veem o telefone dos clientes
              </label>
              <p id="team-phones-hint" className="text-sm text-muted-foreground">
                Desligado, eles veem o número assim: (11) 9••••-4321. O botão do WhatsApp continua funcionando.
              </p>
            </div>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>O que cada função pode fazer</CardTitle>
          <CardDescription>O servidor recusa o resto, mesmo que alguém tente por outro caminho.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 md:grid-cols-2">
          {ROLES.map((role) => (
            <section key={role} aria-labelledby={`role-${role}`}>
              <h3 id={`role-${role}`} className="mb-2 font-semibold">
                {ROLE_LABELS[role]}
              </h3>
              {role === 'dono' ? (
                <p className="text-sm">Tudo o que as outras funções podem, e também:</p>
              ) : null}
              <ul className="grid gap-1.5 text-sm">
                {(role === 'dono' ? ownerOnly : ROLE_GRANTS[role]).map((p) => (
                  <li key={p} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    <span>{PERMISSION_LABELS[p]}</span>
                  </li>
                ))}
              </ul>
              {role === 'profissional' && (
                <p className="mt-2 text-sm text-muted-foreground">
                  Só da própria agenda: os agendamentos, bloqueios, clientes e números de outros profissionais ficam ocultos.
                </p>
              )}
            </section>
          ))}
        </CardContent>
      </Card>

      <InviteDialog open={inviting} onOpenChange={setInviting} professionals={free} />
      {ownAgenda && (
        <OwnAgendaDialog
          current={ownAgenda.professionalId ?? null}
          onClose={() => setOwnAgenda(null)}
          professionals={professionals.filter((p) => !linked.has(p.id) || p.id === ownAgenda.professionalId)}
        />
      )}
      {editing && (
        <MemberDialog
          member={editing}
          onClose={() => setEditing(null)}
          professionals={professionals.filter((p) => !linked.has(p.id) || p.id === editing.professionalId)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remover ${removing?.name ?? ''} da equipe?`}
        description="As sessões abertas dessa pessoa neste salão terminam agora. Você pode convidá-la de novo depois."
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast.success(`${removing.name} não faz mais parte da equipe`)
              setRemoving(null)
            },
            onError: (e) => failed(e, 'Não foi possível remover. Tente novamente.'),
          })
        }
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar este convite?"
        description="O link deixa de funcionar. Você pode criar outro quando quiser."
        confirmLabel="Cancelar convite"
        cancelLabel="Voltar"
        pending={revoke.isPending}
        onConfirm={() =>
          cancelling &&
          revoke.mutate(cancelling.id, {
            onSuccess: () => {
              toast.success('Convite cancelado')
              setCancelling(null)
            },
            onError: (e) => failed(e, 'Não foi possível cancelar o convite. Tente novamente.'),
          })
        }
      />
    </div>
  )
}
