import { CalendarPlusIcon, CheckIcon, CopyIcon, SmartphoneIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/select'
import { formatDate } from '@/lib/format'
import { useCopy } from '@/lib/use-copy'

import { type CalendarFeedView, useCalendarFeeds, useCreateCalendarFeed, useDeleteCalendarFeed } from '../api/calendar-feeds'

// 'Agenda no seu calendário' (issue 29): a member follows an agenda in Google Agenda or on the
// iPhone through a private address; each address can be copied again and revoked.

const STORE = ''

function FeedItem({ feed, onRevoke }: { feed: CalendarFeedView; onRevoke: () => void }) {
  const { copy, copied } = useCopy(feed.url, {
    done: 'Link copiado. Cole no Google Agenda, em “Outras agendas → + → Do URL”.',
    failed: 'Não foi possível copiar o link.',
  })
  return (
    <li className="grid grid-cols-1 gap-3 rounded-lg border p-4">
      <div className="grid grid-cols-1 gap-1">
        <p className="font-medium break-words">{feed.name}</p>
        <p className="text-sm text-muted-foreground">Criado em {formatDate(feed.createdAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          Copiar link
        </Button>
        <Button variant="outline" asChild>
          <a href={feed.webcal}>
            <SmartphoneIcon aria-hidden="true" />
            Abrir no iPhone
          </a>
        </Button>
        <Button type="button" variant="ghost" className="text-destructive" onClick={onRevoke}>
          <Trash2Icon aria-hidden="true" />
          Revogar
        </Button>
      </div>
    </li>
  )
}

/**
 * CalendarFeeds lists the member's calendar links and makes new ones. `professionals` are the
 * agendas the member may choose (none for a profissional, whose link is always their own).
 */
export function CalendarFeeds({
  professionals,
  defaultProfessional = STORE,
}: {
  professionals: { id: string; name: string }[] | null
  defaultProfessional?: string
}) {
  const feeds = useCalendarFeeds()
  const create = useCreateCalendarFeed()
  const remove = useDeleteCalendarFeed()
  const [agenda, setAgenda] = useState(defaultProfessional)
  const [revoking, setRevoking] = useState<CalendarFeedView | null>(null)
  const selectId = useId()
  const items = feeds.data?.items ?? []
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">
        Quem tiver o link vê os nomes dos clientes e os serviços, nunca os telefones nem as observações. Não
        compartilhe; se o link vazar, revogue-o e crie outro.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {professionals && (
          <div className="grid min-w-0 flex-1 grid-cols-1 gap-2">
            <Label htmlFor={selectId}>Agenda</Label>
            <NativeSelect id={selectId} value={agenda} onChange={(e) => setAgenda(e.target.value)}>
              <option value={STORE}>Toda a loja</option>
              {professionals.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button
          type="button"
          disabled={create.isPending}
          onClick={() => create.mutate({ professionalId: professionals ? agenda : STORE })}
        >
          <CalendarPlusIcon aria-hidden="true" />
          {professionals ? 'Criar link' : 'Criar link da minha agenda'}
        </Button>
      </div>
      {create.error && (
        <p role="alert" className="text-sm text-destructive">
          {create.error.message}
        </p>
      )}
      {feeds.isError && (
        <p role="alert" className="text-sm text-destructive">
          {feeds.error.message}
        </p>
      )}
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-3" aria-label="Seus links de agenda">
          {items.map((feed) => (
            <FeedItem key={feed.id} feed={feed} onRevoke={() => setRevoking(feed)} />
          ))}
        </ul>
      )}
      <div className="grid grid-cols-1 gap-1 text-sm text-muted-foreground">
        <p>
          <span className="font-medium text-foreground">Google Agenda:</span> no computador, ao lado de “Outras agendas”,
          clique em + → “Do URL” e cole o link. O Google atualiza a agenda sozinho, algumas vezes por dia.
        </p>
        <p>
          <span className="font-medium text-foreground">iPhone:</span> toque em “Abrir no iPhone” e confirme “Assinar”.
        </p>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revogar este link?"
        description="O app de calendário que usa este link deixa de receber a agenda. Para voltar a acompanhar, crie um novo link."
        confirmLabel="Revogar link"
        pending={remove.isPending}
        onConfirm={() =>
          revoking &&
          remove.mutate(revoking.id, {
            onSuccess: () => setRevoking(null),
          })
        }
      >
        {remove.error && (
          <p role="alert" className="text-sm text-destructive">
            {remove.error.message}
          </p>
        )}
      </ConfirmDialog>
    </div>
  )
}
