import { DownloadIcon, LoaderCircleIcon, UserXIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import type { ClientAnonymized } from '@/lib/api-schema'
import { isApiError } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { isAnonymousPhone } from '@/lib/phone'

import { useAnonymizeClient } from '../api/anonymize-client'
import { type ClientExportFormat, useExportClient } from '../api/export-client'
import type { Client } from '../api/get-clients'

/**
 * ClientPrivacy answers a client's LGPD requests from their page: a copy of their data (CSV for
 * a spreadsheet, JSON for a system) and their erasure, after a dialog that says what goes, what
 * stays and that it cannot be undone.
 */
export function ClientPrivacy({ client, onAnonymized }: { client: Client; onAnonymized: (done: ClientAnonymized) => void }) {
  const exporting = useExportClient()
  const anonymizing = useAnonymizeClient()
  const [confirming, setConfirming] = useState(false)
  const anonymous = isAnonymousPhone(client.phone)

  const exportAs = (format: ClientExportFormat) =>
    exporting.mutate(
      { phone: client.phone, format },
      { onError: (error) => toast.error(isApiError(error) ? error.message : 'Não foi possível exportar os dados.') },
    )

  return (
    <section aria-labelledby="client-privacy" className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="grid grid-cols-1 gap-1">
        <h2 id="client-privacy" className="text-base font-semibold">
          Privacidade e dados (LGPD)
        </h2>
        <p className="text-sm text-muted-foreground">
          {anonymous
            ? 'Os dados pessoais deste cliente foram removidos a pedido. Ficaram só as datas, os valores e os status, para os relatórios.'
            : 'Se o cliente pedir, entregue uma cópia dos dados dele ou remova o nome e o telefone do Agendo.'}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <Button variant="outline" onClick={() => exportAs('csv')} disabled={exporting.isPending}>
          {exporting.isPending && exporting.variables.format === 'csv' ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          Exportar dados (planilha)
        </Button>
        <Button variant="outline" onClick={() => exportAs('json')} disabled={exporting.isPending}>
          {exporting.isPending && exporting.variables.format === 'json' ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          Exportar dados (JSON)
        </Button>
        {!anonymous && (
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
            <UserXIcon aria-hidden="true" />
            Anonimizar cliente
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open)
          if (!open) anonymizing.reset()
        }}
        title={`Anonimizar ${client.name}?`}
        description={
          <>
            <p>
              Em {client.appointmentCount === 1 ? 'o agendamento' : `todos os ${countLabel(client.appointmentCount, 'agendamento', 'agendamentos')}`}{' '}
              e na lixeira, o nome vira <strong className="text-foreground">Cliente removido</strong> e o telefone é
              trocado por um código anônimo. As observações, os prêmios usados e o histórico de contato pelo WhatsApp
              são apagados.
            </p>
            <p>Datas, serviços, valores e status continuam, para que os relatórios não mudem.</p>
            <p className="font-medium text-foreground">Não é possível desfazer.</p>
          </>
        }
        confirmLabel="Anonimizar"
        pending={anonymizing.isPending}
        onConfirm={() =>
          anonymizing.mutate(client.phone, {
            onSuccess: (done) => {
              setConfirming(false)
              toast.success('Cliente anonimizado')
              onAnonymized(done)
            },
          })
        }
      >
        {anonymizing.isError && (
          <p role="alert" className="text-sm text-destructive">
            {isApiError(anonymizing.error) ? anonymizing.error.message : 'Não foi possível anonimizar. Tente novamente.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  )
}
