import { type Control, Controller, useWatch } from 'react-hook-form'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Switch } from '@/components/ui/switch'

import type { GamificationFormValues } from '../api/gamification-form'
import { TOGGLES } from './level-paths'

/**
 * LoyaltyShownCard is 'O que o cliente vê': whether the client sees their loyalty on their
 * booking's link at all, and which parts of it.
 */
export function LoyaltyShownCard({ control }: { control: Control<GamificationFormValues> }) {
  const enabled = useWatch({ control, name: 'enabled' })
  return (
    <Card role="group" aria-labelledby="loyalty-shown-title">
      <CardHeader>
        <CardTitle id="loyalty-shown-title">O que o cliente vê</CardTitle>
        <CardDescription>
          No link que o cliente recebe ao agendar, ele pode acompanhar a fidelidade dele com a sua loja.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor="loyalty-enabled" className="text-sm font-medium">
              Mostrar a fidelidade ao cliente
            </label>
            <p id="loyalty-enabled-hint" className="text-[0.8rem] text-muted-foreground">
              {enabled
                ? 'Ligado: o cliente vê o que estiver marcado abaixo.'
                : 'Desligado: o cliente não vê nada disso. Níveis e promoções continuam valendo aqui no painel.'}
            </p>
          </div>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch
                id="loyalty-enabled"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="loyalty-enabled-hint"
              />
            )}
          />
        </div>
        <ul className="divide-y border-t">
          {TOGGLES.map((t) => (
            <li key={t.name} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <label htmlFor={`loyalty-${t.name}`} className="text-sm font-medium break-words">
                  {t.label}
                </label>
                <p id={`loyalty-${t.name}-hint`} className="text-[0.8rem] text-muted-foreground">
                  {t.hint}
                </p>
              </div>
              <Controller
                control={control}
                name={t.name}
                render={({ field }) => (
                  <Switch
                    id={`loyalty-${t.name}`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    disabled={!enabled}
                    aria-describedby={`loyalty-${t.name}-hint`}
                  />
                )}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
