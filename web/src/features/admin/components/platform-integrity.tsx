import { LoaderCircleIcon, ShieldCheckIcon } from 'lucide-react'
import { toast } from 'sonner'

import { IntegrityIssues } from '@/components/integrity/integrity-issues'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { countLabel } from '@/lib/format'

import { useRunIntegrity } from '../api/run-integrity'
import { BLOCKED_TITLE, DONE_TITLE } from '../hooks/use-save-with-warnings'

const FAILED = 'Erro ao verificar integridade dos dados'

/** PlatformIntegrityCard runs the integrity check over every account and lists those with findings. */
export function PlatformIntegrityCard() {
  const run = useRunIntegrity()
  const result = run.data

  const start = () =>
    run.mutate(undefined, {
      onSuccess: (r) =>
        toast.success(DONE_TITLE, {
          description: `${countLabel(r.accounts, 'conta verificada', 'contas verificadas')}, ${r.withIssues} com problemas.`,
        }),
      onError: (error) => {
        console.error('Erro na operação de administrador', error)
        toast.error(BLOCKED_TITLE, { description: FAILED })
      },
    })

  return (
    <Card role="region" aria-labelledby="integrity-title">
      <CardHeader>
        <CardTitle id="integrity-title">Integridade dos dados</CardTitle>
        <CardDescription>
          Confere em todas as contas os campos obrigatórios, os serviços e profissionais dos agendamentos e os resumos.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <Button variant="outline" className="w-full sm:w-fit" disabled={run.isPending} onClick={start}>
          {run.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <ShieldCheckIcon aria-hidden="true" />
          )}
          Verificar todas as contas
        </Button>
        {run.isError && <p className="text-sm text-destructive">{FAILED}</p>}
        {result &&
          (result.items.length === 0 ? (
            <IntegrityIssues issues={[]} checked={countLabel(result.accounts, 'conta verificada', 'contas verificadas')} />
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label="Contas com problemas">
              {result.items.map((item) => (
                <li key={item.accountId} className="grid grid-cols-1 gap-2 rounded-lg border p-3">
                  <p className="text-sm font-medium break-all">{item.email}</p>
                  <IntegrityIssues issues={item.report.issues} checked="" />
                </li>
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  )
}
