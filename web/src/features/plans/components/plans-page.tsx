import {
  CheckCircle2Icon,
  CheckIcon,
  ClockIcon,
  CreditCardIcon,
  CrownIcon,
  LoaderCircleIcon,
  TriangleAlertIcon,
} from 'lucide-react'
import { toast } from 'sonner'

import { LoadError } from '@/components/layout/load-error'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'
import type { PlanInfo } from '@/lib/api-schema'
import { countLabel, formatDate } from '@/lib/format'
import { formatBRL } from '@/lib/money'

import { useContinueFree } from '../api/continue-free'
import type { UserPlan } from '../api/get-plan'
import type { PlanOverview } from '../api/get-plan-overview'
import { type PlanSituation, planSituation, usageLines } from '../api/plan-situation'
import { isPremiumActive } from '../api/plan-status'
import { type CheckoutPhase, useCheckoutConfirmation } from '../hooks/use-checkout-confirmation'

const CHECKOUT_UNAVAILABLE = 'O pagamento online ainda não está disponível. Fale com o suporte pelo botão Ajuda para assinar.'
const PORTAL_UNAVAILABLE = 'O portal de assinaturas ainda não está disponível. Fale com o suporte pelo botão Ajuda.'

/** A link to Stripe (same tab: Stripe brings the owner back), or a disabled button that says why not. */
function StripeLink({
  href,
  unavailable,
  id,
  variant = 'default',
  children,
}: {
  href: string
  unavailable: string
  id: string
  variant?: 'default' | 'outline'
  children: React.ReactNode
}) {
  if (href) {
    return (
      <Button variant={variant} className="w-full sm:w-auto" asChild>
        <a href={href}>{children}</a>
      </Button>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-2">
      <Button variant={variant} className="w-full sm:w-auto" disabled aria-describedby={id}>
        {children}
      </Button>
      <p id={id} className="text-[0.8rem] text-muted-foreground">
        {unavailable}
      </p>
    </div>
  )
}

const CHECKOUT_TEXT: Record<Exclude<CheckoutPhase, 'none'>, string> = {
  waiting: 'Confirmando seu pagamento…',
  confirmed: 'Pagamento confirmado! Bem-vindo ao Premium.',
  slow: 'Ainda não recebemos a confirmação do Stripe. Isso pode levar alguns minutos; você pode fechar esta página — o plano muda sozinho quando o pagamento for confirmado.',
}

/** CheckoutNotice follows a payment made on Stripe; one live region, so each change is read out. */
function CheckoutNotice({ phase }: { phase: Exclude<CheckoutPhase, 'none'> }) {
  const Icon = phase === 'waiting' ? LoaderCircleIcon : phase === 'confirmed' ? CheckCircle2Icon : ClockIcon
  return (
    <Alert variant={phase === 'confirmed' ? 'success' : 'default'} aria-live="polite" aria-atomic="true">
      <Icon className={phase === 'waiting' ? 'animate-spin' : undefined} aria-hidden="true" />
      <AlertDescription>
        <p className={phase === 'slow' ? undefined : 'font-medium'}>{CHECKOUT_TEXT[phase]}</p>
      </AlertDescription>
    </Alert>
  )
}

/** The page's primary action: the link to Stripe the situation calls for. */
function PrimaryAction({ overview, situation, id }: { overview: PlanOverview; situation: PlanSituation; id: string }) {
  if (situation.action === 'portal') {
    return (
      <StripeLink href={overview.portalUrl} unavailable={PORTAL_UNAVAILABLE} id={id}>
        <CreditCardIcon aria-hidden="true" />
        {situation.actionLabel}
      </StripeLink>
    )
  }
  if (situation.action === 'checkout') {
    return (
      <StripeLink href={overview.checkoutUrl} unavailable={CHECKOUT_UNAVAILABLE} id={id}>
        <CrownIcon aria-hidden="true" />
        {situation.actionLabel}
      </StripeLink>
    )
  }
  return null
}

/**
 * StatusNotice says, once, what the plan's state asks of the owner, with the button that does
 * it first and the way out second. It leads the page so that both are in view on a phone.
 */
function StatusNotice({ overview, situation }: { overview: PlanOverview; situation: PlanSituation }) {
  const continueFree = useContinueFree()
  const onContinue = () => {
    continueFree.mutate(undefined, {
      onSuccess: () => toast.success('Pronto! Você continua no plano gratuito.'),
      onError: (error) => {
        console.error('Erro ao continuar no plano gratuito', error)
        toast.error(
          isApiError(error) && error.status !== 0 && error.status < 500
            ? error.message
            : 'Não foi possível continuar no plano gratuito. Tente novamente.',
        )
      },
    })
  }
  const limit = situation.kind === 'at-limit' || situation.kind === 'over-limit'
  return (
    <Alert role="alert" variant={limit ? 'default' : 'destructive'} className={limit ? 'border-primary/30' : undefined}>
      {limit ? (
        <CrownIcon className="text-primary" aria-hidden="true" />
      ) : (
        <TriangleAlertIcon className="text-destructive" aria-hidden="true" />
      )}
      {/* The message says it all: a title above it said the same twice (issue 23). */}
      <AlertDescription className="text-foreground">
        <p className="font-medium">{situation.notice}</p>
        <div className="mt-3 flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap">
          <PrimaryAction overview={overview} situation={situation} id="plan-notice-hint" />
          {situation.canContinueFree && (
            <Button variant="outline" className="w-full sm:w-auto" onClick={onContinue} disabled={continueFree.isPending}>
              {continueFree.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              Continuar no plano gratuito
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  )
}

function renewalLine(plan: UserPlan) {
  if (plan.cancelAt) return `Sua assinatura termina em ${formatDate(plan.cancelAt)}`
  if (isPremiumActive(plan) && plan.expiresAt) return `Renova em ${formatDate(plan.expiresAt)}`
  return null
}

const BADGE_VARIANT = { success: 'success', warning: 'warning', destructive: 'destructive' } as const

/** UsageCard: the current plan, its state and how much of it is used, in words that agree. */
function UsageCard({ overview, situation }: { overview: PlanOverview; situation: PlanSituation }) {
  const { plan, usage, config } = overview
  const premium = plan.type === 'premium'
  const renewal = renewalLine(plan)
  const lines = usageLines(usage, situation.kind === 'premium-inactive')
  return (
    <Card aria-labelledby="plan-usage-label plan-usage-title" role="region">
      <CardHeader className="grid-cols-[1fr_auto]">
        <div className="grid min-w-0 grid-cols-1 gap-1.5">
          <CardDescription id="plan-usage-label">Seu plano</CardDescription>
          <CardTitle id="plan-usage-title" className="text-xl break-words">
            {premium ? config.premiumPlan.name : config.freePlan.name}
          </CardTitle>
        </div>
        <Badge variant={BADGE_VARIANT[situation.badge.tone]}>{situation.badge.label}</Badge>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 text-sm">
        {usage.unlimited ? (
          <p>
            <span className="font-semibold">Ilimitado</span>
            <span className="text-muted-foreground">
              {' '}
              · {countLabel(usage.count, 'agendamento na agenda', 'agendamentos na agenda')}
            </span>
          </p>
        ) : (
          <>
            <Progress value={usage.progress} aria-label="Agendamentos usados do plano gratuito" />
            <div className="grid grid-cols-1 gap-1">
              <p className="font-medium">{lines.main}</p>
              <p className="text-muted-foreground">{lines.rest}</p>
            </div>
          </>
        )}
        {renewal && <p className="text-muted-foreground">{renewal}</p>}
      </CardContent>
    </Card>
  )
}

function PlanCard({
  id,
  info,
  price,
  current,
  children,
}: {
  id: string
  info: PlanInfo
  price: React.ReactNode
  current: boolean
  children?: React.ReactNode
}) {
  return (
    <Card aria-labelledby={id} role="region" className={current ? 'border-primary ring-1 ring-primary' : undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={id} className="min-w-0 text-lg break-words">
            {info.name}
          </CardTitle>
          {current && <Badge>Plano atual</Badge>}
        </div>
        <p className="mt-1">{price}</p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid grid-cols-1 gap-2 text-sm" aria-label={`Recursos do plano ${info.name}`}>
          {info.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      {children && <CardFooter className="flex-col sm:flex-row">{children}</CardFooter>}
    </Card>
  )
}

function PlansSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true">
      <Skeleton className="h-44" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  )
}

/**
 * PlansPage is Planos: the owner's plan and usage, the two plans as the admin configured them,
 * what a subscription's end or a payment problem means (SPEC.md section 8), and the way to
 * Stripe to subscribe or manage the subscription.
 */
export function PlansPage() {
  const { overview, phase } = useCheckoutConfirmation()
  const { data, isPending, isError, error, refetch } = overview

  if (isPending) return <PlansSkeleton />
  if (isError || !data) return <LoadError error={error} what="os planos" onRetry={() => void refetch()} />

  const { plan, config, checkoutUrl, portalUrl } = data
  const premiumActive = isPremiumActive(plan)
  const situation = planSituation(plan, data.usage)
  // Back from Stripe and not confirmed yet: a second payment is the last thing to offer. Nor
  // to an inactive Premium plan: its subscription still exists at Stripe (an ended one makes
  // the plan free), and its portal settles it without paying twice.
  const paying = phase === 'waiting' || phase === 'slow'

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 lg:gap-8">
      {phase !== 'none' && <CheckoutNotice phase={phase} />}
      {situation.notice && !paying && <StatusNotice overview={data} situation={situation} />}
      <UsageCard overview={data} situation={paying ? { ...situation, kind: 'premium' } : situation} />

      <section aria-labelledby="plans-title" className="grid grid-cols-1 gap-3">
        <h2 id="plans-title" className="text-base font-semibold">
          {premiumActive ? 'Compare os planos' : 'Escolha o plano ideal para o seu negócio'}
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:gap-6">
          <PlanCard
            id="plan-free-title"
            info={config.freePlan}
            current={plan.type === 'free'}
            price={<span className="text-3xl font-semibold tracking-tight">Grátis</span>}
          />
          <PlanCard
            id="plan-premium-title"
            info={config.premiumPlan}
            current={plan.type === 'premium'}
            price={
              <>
                <span className="text-3xl font-semibold tracking-tight">{formatBRL(config.premiumPrice)}</span>
                <span className="text-sm text-muted-foreground">/mês</span>
              </>
            }
          >
            {/* Once: when the notice above leads with it, the card does not repeat it. */}
            {premiumActive ? (
              <StripeLink href={portalUrl} unavailable={PORTAL_UNAVAILABLE} id="plan-portal-card-hint" variant="outline">
                <CreditCardIcon aria-hidden="true" />
                Gerenciar assinatura
              </StripeLink>
            ) : plan.type === 'free' && !paying && !situation.notice ? (
              <StripeLink href={checkoutUrl} unavailable={CHECKOUT_UNAVAILABLE} id="plan-checkout-hint">
                <CrownIcon aria-hidden="true" />
                Assinar Premium
              </StripeLink>
            ) : null}
          </PlanCard>
        </div>
      </section>
    </div>
  )
}
