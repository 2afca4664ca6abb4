import { MessageCircleIcon } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/select'
import { Tabs } from '@/components/ui/tabs'

import { useLevelNames } from '../api/get-levels'
import { INACTIVE_DAYS, type InactiveDays, type WhatsAppListQuery } from '../api/get-whatsapp-list'

import { ContactList, DaysChoice, Empty, ListError } from './contact-list'
import { errorText } from './whatsapp-labels'

// 'Chamar no WhatsApp' on the Clientes page: lists of clients to write to (not seen for a while,
// with a reward to use, of a loyalty level, with a birthday this week), each with the message shown and ready in a wa.me
// link. Opening a chat tells the server, and the client leaves the lists for 7 days.

type Kind = WhatsAppListQuery['kind']

const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'inactive', label: 'Sem visita' },
  { value: 'reward', label: 'Com prêmio' },
  { value: 'level', label: 'Por nível' },
  { value: 'birthday', label: 'Aniversariantes' },
]

/** WhatsAppListsButton is the Clientes page's 'Chamar no WhatsApp' and the sheet it opens. */
export function WhatsAppListsButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <MessageCircleIcon aria-hidden="true" className="text-success" />
          Chamar no WhatsApp
        </Button>
      </DialogTrigger>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Chamar no WhatsApp</DialogTitle>
          <DialogDescription>
            Cada cliente já vem com uma mensagem pronta, que você pode mudar antes de abrir o WhatsApp. Quem você chamar sai da lista por 7 dias.
          </DialogDescription>
        </DialogHeader>
        <WhatsAppLists />
      </DialogContent>
    </Dialog>
  )
}

function WhatsAppLists() {
  const [kind, setKind] = useState<Kind>('inactive')
  const [days, setDays] = useState<InactiveDays>(30)
  const [level, setLevel] = useState('')
  const levels = useLevelNames()
  const chosenLevel = level || levels.data?.[0] || ''

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-5 py-5 sm:px-6">
      <Tabs value={kind} onValueChange={setKind} items={KINDS} label="Listas de clientes" listClassName="grid grid-cols-2 sm:flex">
        <div className="grid grid-cols-1 gap-4">
          {kind === 'inactive' && (
            <DaysChoice name="whatsapp-days" choices={INACTIVE_DAYS} value={days} onChange={setDays} />
          )}
          {kind === 'reward' && (
            <p className="text-sm text-muted-foreground">
              Clientes com prêmio para usar: completaram um cartão fidelidade e ainda não usaram o prêmio.
            </p>
          )}
          {kind === 'birthday' && (
            <p className="text-sm text-muted-foreground">
              Aniversariantes da semana: clientes que fazem aniversário de hoje até os próximos 6 dias, com a data na ficha.
            </p>
          )}
          {kind === 'level' && (
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="whatsapp-level">Nível</Label>
              {levels.isError ? (
                <ListError
                  message={errorText(levels.error, 'Não foi possível carregar os seus níveis de fidelidade.')}
                  onRetry={() => void levels.refetch()}
                />
              ) : (
                <NativeSelect
                  id="whatsapp-level"
                  value={chosenLevel}
                  disabled={levels.isPending}
                  onChange={(e) => setLevel(e.target.value)}
                >
                  {levels.isPending && <option value="">Carregando os níveis…</option>}
                  {levels.data?.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </div>
          )}

          {kind === 'inactive' && <ContactList query={{ kind, days }} />}
          {kind === 'reward' && <ContactList query={{ kind }} />}
          {kind === 'birthday' && <ContactList query={{ kind }} />}
          {kind === 'level' && chosenLevel && <ContactList query={{ kind, level: chosenLevel }} />}
          {kind === 'level' && levels.isSuccess && levels.data.length === 0 && (
            <Empty title="Nenhum nível de fidelidade" text="Crie os níveis em Promoções para chamar os clientes de cada um." />
          )}
        </div>
      </Tabs>
    </div>
  )
}

