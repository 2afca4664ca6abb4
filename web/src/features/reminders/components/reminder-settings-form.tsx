import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Chip } from '@/components/ui/chip'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { isApiError } from '@/lib/api-client'
import { LIMITS } from '@/lib/api-limits'

import {
  REMINDER_HOURS,
  reminderSummary,
  useReminderSettings,
  useSaveReminderSettings,
  type ReminderSettings,
} from '../api/reminder-settings'

/**
 * ReminderSettingsForm: the store's automatic reminders (issue 28). By email, the day before at
 * a chosen time and some hours before, never in the quiet hours; what is already booked follows
 * the new choices when they are saved.
 */
export function ReminderSettingsForm() {
  const settings = useReminderSettings()
  if (!settings.data) return <Skeleton className="h-64 w-full" />
  return <Form key={JSON.stringify(settings.data)} initial={settings.data} />
}

function Form({ initial }: { initial: ReminderSettings }) {
  const save = useSaveReminderSettings()
  const [v, setV] = useState<ReminderSettings>(initial)
  const [dayBeforeOn, setDayBeforeOn] = useState(initial.dayBefore !== '')
  const fields = isApiError(save.error) ? (save.error.fields ?? {}) : {}
  const set = (patch: Partial<ReminderSettings>) => setV((cur) => ({ ...cur, ...patch }))
  const toggleHour = (h: number) =>
    set({ hoursBefore: v.hoursBefore.includes(h) ? v.hoursBefore.filter((x) => x !== h) : [...v.hoursBefore, h] })
  const body: ReminderSettings = { ...v, dayBefore: dayBeforeOn ? v.dayBefore || '18:00' : '' }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(body, {
      onSuccess: (saved) => toast.success(`Lembretes salvos: ${reminderSummary(saved).toLowerCase()}`),
      onError: (error) => {
        if (!isApiError(error) || !error.fields) toast.error(isApiError(error) && error.status !== 0 ? error.message : 'Não foi possível salvar. Tente de novo.')
      },
    })
  }

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-6">
      <div className="flex items-start gap-3">
        <Switch id="reminders-email" aria-describedby="reminders-email-hint" checked={v.email} onCheckedChange={(email) => set({ email })} />
        <div className="grid gap-1 pt-2.5 sm:pt-0.5">
          <label htmlFor="reminders-email" className="text-sm font-medium">
            Enviar lembretes por e-mail
          </label>
          <p id="reminders-email-hint" className="text-sm text-muted-foreground">
            Para os clientes que deixaram o e‑mail. Sem custo por mensagem; cada lembrete tem um botão para confirmar presença.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3">
        <Switch id="reminders-push" aria-describedby="reminders-push-hint" checked={v.push} onCheckedChange={(push) => set({ push })} />
        <div className="grid gap-1 pt-2.5 sm:pt-0.5">
          <label htmlFor="reminders-push" className="text-sm font-medium">
            Enviar lembretes como notificação no celular
          </label>
          <p id="reminders-push-hint" className="text-sm text-muted-foreground">
            Para os clientes que tocaram em “Me lembrar neste celular” ao agendar. Grátis, com os botões Confirmar e Remarcar.
          </p>
        </div>
      </div>

      <fieldset className="grid gap-3" disabled={!v.email && !v.push}>
        <legend className="mb-2 text-sm font-medium">Quando enviar</legend>
        <div className="flex items-center gap-3">
          <Switch id="reminders-day-before" checked={dayBeforeOn} onCheckedChange={setDayBeforeOn} />
          <label htmlFor="reminders-day-before" className="text-sm">
            Na véspera, às
          </label>
          <Input
            type="time"
            aria-label="Hora do lembrete na véspera"
            style={{ width: '7.5rem' }}
            value={dayBeforeOn ? v.dayBefore || '18:00' : ''}
            disabled={!dayBeforeOn}
            onChange={(e) => set({ dayBefore: e.target.value })}
            aria-invalid={Boolean(fields.dayBefore)}
          />
        </div>
        {fields.dayBefore && <p className="text-[0.8rem] font-medium text-destructive">{fields.dayBefore}</p>}
        <div className="grid gap-2">
          <p id="reminders-hours-label" className="text-sm">
            E também, no dia:
          </p>
          <div role="group" aria-labelledby="reminders-hours-label" className="flex flex-wrap gap-2">
            {REMINDER_HOURS.map((h) => (
              <Chip key={h} pressed={v.hoursBefore.includes(h)} onClick={() => toggleHour(h)}>
                {h === 1 ? '1 hora antes' : `${h} horas antes`}
              </Chip>
            ))}
          </div>
          {fields.hoursBefore && <p className="text-[0.8rem] font-medium text-destructive">{fields.hoursBefore}</p>}
        </div>
      </fieldset>

      <fieldset className="grid gap-2" disabled={!v.email && !v.push}>
        <legend className="mb-2 text-sm font-medium">Horário de silêncio</legend>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>Não enviar entre</span>
          <span className="flex items-center gap-3">
            <Input type="time" aria-label="Início do silêncio" style={{ width: '7.5rem' }} value={v.quietFrom} onChange={(e) => set({ quietFrom: e.target.value })} aria-invalid={Boolean(fields.quietFrom)} />
            <span>e</span>
            <Input type="time" aria-label="Fim do silêncio" style={{ width: '7.5rem' }} value={v.quietTo} onChange={(e) => set({ quietTo: e.target.value })} aria-invalid={Boolean(fields.quietTo)} />
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          Lembretes que cairiam nesse horário são enviados quando ele termina; se aí já for tarde, saem na noite anterior, antes de ele começar.
        </p>
        {(fields.quietFrom || fields.quietTo) && <p className="text-[0.8rem] font-medium text-destructive">{fields.quietFrom ?? fields.quietTo}</p>}
      </fieldset>

      <div className="grid gap-2">
        <label htmlFor="reminders-note" className="text-sm font-medium">
          Recado no fim do lembrete <span className="font-normal text-muted-foreground">(opcional)</span>
        </label>
        <Textarea
          id="reminders-note"
          rows={2}
          maxLength={LIMITS.reminderNote}
          placeholder="Ex.: Chegue 5 minutos antes. Estacionamento na rua de trás."
          value={v.note}
          disabled={!v.email && !v.push}
          onChange={(e) => set({ note: e.target.value })}
          aria-invalid={Boolean(fields.note)}
        />
        <p className="text-right text-[0.8rem] text-muted-foreground">
          {v.note.length}/{LIMITS.reminderNote}
        </p>
        {fields.note && <p className="text-[0.8rem] font-medium text-destructive">{fields.note}</p>}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{reminderSummary(body)}</p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : 'Salvar lembretes'}
        </Button>
      </div>
    </form>
  )
}
