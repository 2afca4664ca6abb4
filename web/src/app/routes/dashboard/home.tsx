import {
  ArrowRightIcon,
  CalendarDaysIcon,
  CalendarOffIcon,
  ContactIcon,
  CrownIcon,
  ExternalLinkIcon,
  ScissorsIcon,
  StoreIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { CatalogContext } from '@/features/appointments/components/catalog-context'
import { BlockedTimesDialog } from '@/features/blocked-times/components/blocked-times-dialog'
import { NewAppointmentButton } from '@/features/appointments/components/new-appointment-button'
import { useOnboarding } from '@/features/onboarding/api/get-onboarding'
import { OnboardingChecklist } from '@/features/onboarding/components/onboarding-checklist'
import { planName, usePlan } from '@/features/plans/api/get-plan'
import { useStore } from '@/features/store/api/get-store'
import { TurnedAwayNotice } from '@/features/turned-away/components/turned-away-notice'
import type { Permission } from '@/lib/api-limits'
import { useAuth } from '@/lib/auth/auth-context'
import { can, useRole } from '@/lib/auth/permissions'
import { formatDate } from '@/lib/format'
import { firstName } from '@/lib/utils'

import { AgendaHome } from './agenda-home'
import { useAgendaCatalog } from './use-agenda-catalog'

function CardIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  )
}

function PlanCard() {
  const { data: plan, isPending } = usePlan()
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto]">
        <div className="grid grid-cols-1 gap-1.5">
          <CardDescription>Seu plano</CardDescription>
          {isPending || !plan ? (
            <Skeleton className="h-7 w-36" />
          ) : (
            <CardTitle className="text-xl">{planName(plan)}</CardTitle>
          )}
        </div>
        <CardIcon icon={CrownIcon} />
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {plan && (
          <>
            <Badge variant={plan.isActive ? 'success' : 'warning'}>
              {plan.isActive ? 'Ativo' : 'Inativo'}
            </Badge>
            {plan.type === 'premium' && plan.expiresAt && (
              <span>
                {plan.isActive ? 'Renova em' : 'Expirou em'} {formatDate(plan.expiresAt)}
              </span>
            )}
          </>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button variant="link" asChild>
          <Link to={paths.dashboard.plans.path}>
            {plan?.type === 'premium' ? 'Ver detalhes do plano' : 'Conhecer o Premium'}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  )
}

function StoreCard() {
  const { data: store, isPending } = useStore()
  const hasName = Boolean(store?.name)
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto]">
        <div className="grid grid-cols-1 min-w-0 gap-1.5">
          <CardDescription>Sua loja</CardDescription>
          {isPending ? (
            <Skeleton className="h-7 w-44" />
          ) : (
            <CardTitle className="text-xl break-words">{hasName ? store?.name : 'Loja sem nome'}</CardTitle>
          )}
        </div>
        <CardIcon icon={StoreIcon} />
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {isPending
          ? null
          : hasName && store?.slug
            ? (
                <>
                  Endereço da página pública:{' '}
                  <span className="font-medium break-all text-foreground">
                    {paths.store.build(store.slug)}
                  </span>
                </>
              )
            : 'Dê um nome à loja e complete o perfil para publicar sua página de agendamentos.'}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-x-4 gap-y-2">
        {!isPending && !hasName && (
          <Button asChild>
            <Link to={paths.dashboard.store.path}>Configure sua loja</Link>
          </Button>
        )}
        {hasName && store && (
          <>
            <Button variant="link" asChild>
              <Link to={paths.dashboard.store.path}>
                Editar perfil da loja
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            {store.slug && (
              <Button variant="link" asChild>
                <a href={paths.store.build(store.slug)} target="_blank" rel="noopener noreferrer">
                  Abrir página pública
                  <ExternalLinkIcon aria-hidden="true" />
                </a>
              </Button>
            )}
          </>
        )}
      </CardFooter>
    </Card>
  )
}

const shortcuts: { label: string; description: string; to: string; icon: LucideIcon; perm: Permission }[] = [
  {
    label: 'Agendamentos',
    description: 'Veja e organize a agenda',
    to: paths.dashboard.appointments.path,
    icon: CalendarDaysIcon,
    perm: 'agenda',
  },
  {
    label: 'Clientes',
    description: 'Histórico de quem atende',
    to: paths.dashboard.clients.path,
    icon: UsersIcon,
    perm: 'clients',
  },
  {
    label: 'Serviços',
    description: 'Preços e durações',
    to: paths.dashboard.services.path,
    icon: ScissorsIcon,
    perm: 'catalog.edit',
  },
  {
    label: 'Profissionais',
    description: 'Cadastro e horários',
    to: paths.dashboard.professionals.path,
    icon: ContactIcon,
    perm: 'catalog.edit',
  },
]

const heroButton = 'w-full bg-white text-primary shadow-md hover:bg-white/90 focus-visible:ring-white/60 sm:w-auto'

/**
 * QuickBook: 'Novo agendamento' in one tap from the home page, on a phone as on a computer, once
 * there is a professional and a service to book; until then, the step that is missing (a booking
 * dialog with nothing to choose was a dead end, issue 23).
 */
function QuickBook() {
  const catalog = useAgendaCatalog()
  if (catalog.isPending) return <Skeleton className="h-11 w-full rounded-md bg-white/20" />
  const missing =
    catalog.professionals.length === 0
      ? { label: 'Cadastre um profissional', to: paths.dashboard.professionals.path, icon: ContactIcon }
      : catalog.services.length === 0
        ? { label: 'Cadastre um serviço', to: paths.dashboard.services.path, icon: ScissorsIcon }
        : null
  if (missing) {
    const Icon = missing.icon
    return (
      <Button size="lg" className={heroButton} asChild>
        <Link to={missing.to}>
          <Icon aria-hidden="true" />
          {missing.label}
        </Link>
      </Button>
    )
  }
  return (
    <CatalogContext value={catalog}>
      <NewAppointmentButton size="lg" className={heroButton} />
    </CatalogContext>
  )
}

/**
 * AgendaBook: 'Novo agendamento' for a member, who cannot add the professionals or services it
 * needs; a professional also blocks their own times here ('Bloquear horário').
 */
function AgendaBook({ ownDay }: { ownDay: boolean }) {
  const catalog = useAgendaCatalog()
  const [blocking, setBlocking] = useState(false)
  if (catalog.isPending || catalog.professionals.length === 0) return null
  const own = ownDay ? catalog.professionals[0] : null
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {catalog.services.length > 0 && (
        <CatalogContext value={catalog}>
          <NewAppointmentButton size="lg" className={heroButton} />
        </CatalogContext>
      )}
      {own && (
        <>
          <Button size="lg" className={heroButton} onClick={() => setBlocking(true)}>
            <CalendarOffIcon aria-hidden="true" />
            Bloquear horário
          </Button>
          <BlockedTimesDialog
            professional={own}
            timeZone={catalog.store?.timeZone}
            open={blocking}
            onOpenChange={setBlocking}
          />
        </>
      )}
    </div>
  )
}

export function DashboardHomeRoute() {
  const { profile } = useAuth()
  const role = useRole()
  const name = firstName(profile?.name)
  const onboarding = useOnboarding()
  // Setting the salon up is the owner's and the manager's: the others' home is the agenda.
  const runsStore = can(role, 'store.edit')
  // A new owner's home leads with the first steps, once: the agenda and the store card wait.
  const settingUp = runsStore && (onboarding.data ? !onboarding.data.complete : onboarding.isPending)
  const ownDay = role === 'profissional'
  return (
    <div className="grid grid-cols-1 gap-6 lg:gap-8">
      <section className="relative overflow-hidden rounded-2xl bg-linear-135 from-brand-from to-brand-to px-5 py-6 text-white shadow-md shadow-primary/20 sm:px-8 sm:py-8">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-10 size-56 rounded-full bg-white/10 blur-2xl"
        />
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
              {name ? `Olá, ${name}!` : 'Olá!'}
            </h2>
            <p className="mt-1.5 max-w-xl text-white/85">
              {ownDay
                ? 'Que bom ter você aqui. Sua agenda, seus clientes e seus números estão no Agendo.'
                : 'Que bom ter você aqui. Acompanhe sua loja, sua agenda e seus clientes no Agendo.'}
            </p>
          </div>
          {runsStore ? <QuickBook /> : <AgendaBook ownDay={ownDay} />}
        </div>
      </section>

      {runsStore && <OnboardingChecklist />}

      {can(role, 'plan') && <TurnedAwayNotice toPlans />}

      {!settingUp && <AgendaHome figures={!ownDay} />}

      {runsStore && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:gap-6">
          <PlanCard />
          {!settingUp && <StoreCard />}
        </div>
      )}

      <section aria-labelledby="shortcuts-title" className="grid grid-cols-1 gap-3">
        <h2 id="shortcuts-title" className="text-base font-semibold">
          Acesso rápido
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          {shortcuts.filter((s) => can(role, s.perm)).map(({ label, description, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Icon className="size-5 text-primary" aria-hidden="true" />
                <span>
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block text-xs text-muted-foreground">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
