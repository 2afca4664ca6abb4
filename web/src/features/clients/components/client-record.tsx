import { CakeIcon, MailIcon, PhoneIcon, StickyNoteIcon, Trash2Icon } from 'lucide-react'
import { Fragment, type ReactNode, useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { isApiError } from '@/lib/api-client'
import { formatPhone } from '@/lib/phone'

import { useDeleteClient } from '../api/delete-client'
import type { ClientDetail } from '../api/get-client'
import { birthdayLabel } from '../utils/birthday'

/**
 * ClientRecord is what the salon writes down about a client (issue 29): notes first (what the
 * team must know before touching her hair), then birthday, another phone, email and tags. A
 * client without appointments (added by hand or imported) can be deleted here.
 */
export function ClientRecord({
  client,
  onEdit,
  onDeleted,
}: {
  client: ClientDetail
  onEdit: () => void
  onDeleted: () => void
}) {
  const { record } = client
  const tags = record.tags ?? []
  const rows: [ReactNode, string, string][] = []
  if (record.birthday) rows.push([<CakeIcon key="i" className="size-3.5 shrink-0" aria-hidden="true" />, 'Aniversário', birthdayLabel(record.birthday)])
  if (record.phone2) rows.push([<PhoneIcon key="i" className="size-3.5 shrink-0" aria-hidden="true" />, 'Outro telefone', formatPhone(record.phone2)])
  if (record.email) rows.push([<MailIcon key="i" className="size-3.5 shrink-0" aria-hidden="true" />, 'E-mail', record.email])
  const empty = !record.notes && rows.length === 0 && tags.length === 0

  return (
    <section aria-labelledby="client-record" className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <h2 id="client-record" className="text-base font-semibold">
        Ficha
      </h2>
      {empty ? (
        <p className="text-sm text-muted-foreground">
          Sem observações, aniversário ou etiquetas.{' '}
          <button type="button" onClick={onEdit} className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline">
            Completar a ficha
          </button>
        </p>
      ) : (
        <>
          {record.notes && (
            <div className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-100 px-3 py-2.5 text-sm text-amber-800">
              <StickyNoteIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 break-words">
                <span className="sr-only">Observações: </span>
                {record.notes.split('\n').map((line, i) => (
                  <Fragment key={i}>
                    {i > 0 && <br />}
                    {line}
                  </Fragment>
                ))}
              </p>
            </div>
          )}
          {rows.length > 0 && (
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
              {rows.map(([icon, term, value]) => (
                <div key={term} className="min-w-0">
                  <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    {icon}
                    {term}
                  </dt>
                  <dd className="break-words tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {tags.length > 0 && (
            <ul aria-label="Etiquetas" className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag} className="max-w-full truncate rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {client.appointmentCount === 0 && <DeleteClient client={client} onDeleted={onDeleted} />}
    </section>
  )
}

function DeleteClient({ client, onDeleted }: { client: ClientDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteClient()
  return (
    <>
      <div>
        <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
          <Trash2Icon aria-hidden="true" />
          Excluir cliente
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Excluir ${client.name}?`}
        description="O cliente não tem agendamentos. A ficha dele (observações, aniversário, etiquetas) será apagada."
        confirmLabel="Excluir cliente"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(client.phone, {
            onSuccess: () => {
              setOpen(false)
              toast.success('Cliente excluído')
              onDeleted()
            },
            onError: (error) => toast.error(isApiError(error) && error.message ? error.message : 'Não foi possível excluir o cliente.'),
          })
        }
      />
    </>
  )
}
