import { AlertCircleIcon, LoaderCircleIcon, ShieldCheckIcon } from 'lucide-react'

import { IntegrityIssues } from '@/components/integrity/integrity-issues'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { countLabel } from '@/lib/format'

import { INTEGRITY_FAILED, useCheckIntegrity } from '../api/check-integrity'

/** IntegrityCheck lets an owner check their own data from Configurações and read what was found. */
export function IntegrityCheck() {
  const check = useCheckIntegrity()
  const report = check.data
  return (
    <div className="grid grid-cols-1 gap-4">
      <Button variant="outline" className="w-full sm:w-fit" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <ShieldCheckIcon aria-hidden="true" />
        )}
        Verificar meus dados
      </Button>
      {check.isError && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertDescription>{INTEGRITY_FAILED}</AlertDescription>
        </Alert>
      )}
      {report && (
        <IntegrityIssues
          issues={report.issues}
          checked={`${countLabel(report.appointments, 'agendamento', 'agendamentos')}, ${countLabel(report.services, 'serviço', 'serviços')} e ${countLabel(report.professionals, 'profissional', 'profissionais')} verificados`}
        />
      )}
    </div>
  )
}
