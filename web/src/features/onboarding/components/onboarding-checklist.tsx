import { CheckIcon, ChevronRightIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'

import { Progress } from '@/components/ui/progress'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'

import { useOnboarding, type Onboarding } from '../api/get-onboarding'

const steps: { key: keyof Onboarding['steps']; title: string; text: string; to: string }[] = [
  {
    key: 'store',
    title: 'Configure sua loja',
    text: 'Dê um nome à loja para publicar sua página.',
    to: paths.dashboard.store.path,
  },
  {
    key: 'professional',
    title: 'Cadastre um profissional',
    text: 'Quem atende os clientes.',
    to: paths.dashboard.professionals.path,
  },
  {
    key: 'service',
    title: 'Cadastre um serviço',
    text: 'Com duração e preço.',
    to: paths.dashboard.services.path,
  },
]

/**
 * OnboardingChecklist guides a new owner through three first steps, ticking each one as the
 * server reports it done. It shows nothing while loading, on error and once complete.
 */
export function OnboardingChecklist() {
  const { data, error } = useOnboarding()
  useEffect(() => {
    if (error) console.error('Erro ao carregar os primeiros passos', error)
  }, [error])
  if (!data || data.complete) return null
  const done = steps.filter((s) => data.steps[s.key]).length

  return (
    <section
      aria-labelledby="onboarding-title"
      className="rounded-2xl border border-primary/20 bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id="onboarding-title" className="text-base font-semibold">
            Primeiros passos
          </h2>
          <p className="text-sm text-muted-foreground">Deixe sua loja pronta para receber agendamentos.</p>
        </div>
        <p className="text-sm font-medium text-primary">
          {done} de {steps.length} concluídos
        </p>
      </div>
      <Progress value={Math.round((done / steps.length) * 100)} className="mt-4" aria-label="Progresso dos primeiros passos" />
      <ol className="mt-4 grid grid-cols-1 gap-2 md:grid-cols-3">
        {steps.map((step, index) => {
          const checked = data.steps[step.key]
          return (
            <li key={step.key}>
              <Link
                to={step.to}
                className={cn(
                  'flex h-full items-center gap-3 rounded-xl border p-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  checked && 'bg-muted/40',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                    checked ? 'border-success bg-success text-white' : 'border-primary/30 text-primary',
                  )}
                >
                  {checked ? <CheckIcon className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm font-medium', checked && 'text-muted-foreground line-through')}>
                    {step.title}
                  </span>
                  <span className="block text-xs text-muted-foreground">{step.text}</span>
                  <span className="sr-only">{checked ? ' (concluído)' : ' (pendente)'}</span>
                </span>
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
