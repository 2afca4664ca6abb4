import { zodResolver } from '@hookform/resolvers/zod'
import {
  AlertCircleIcon,
  ArrowLeftIcon,
  CalendarOffIcon,
  LoaderCircleIcon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  Trash2Icon,
} from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormDialog } from '@/components/ui/form-dialog'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'

import {
  BLOCKED_TIME_FIELD_PATHS,
  blockedTimeFormSchema,
  blockedTimeToForm,
  describeBlockedTime,
  formToBlockedTimeInput,
  today,
  type BlockedTimeFormValues,
} from '../api/blocked-time-form'
import { useCreateBlockedTime } from '../api/create-blocked-time'
import { useDeleteBlockedTime } from '../api/delete-blocked-time'
import { useBlockedTimes, type BlockedTime } from '../api/get-blocked-times'
import { useUpdateBlockedTime } from '../api/update-blocked-time'

type Person = { id: string; name: string }

/**
 * BlockedTimesDialog manages one professional's blocked times, from today on: the list by
 * date, and a form to add or change one, in the same dialog.
 */
export function BlockedTimesDialog({
  professional,
  timeZone,
  open,
  onOpenChange,
}: {
  professional: Person | null
  /** The store's: "today" is the salon's date, whatever the phone's zone. */
  timeZone?: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  // undefined: the list; null: a new one; a BlockedTime: editing it.
  const [editing, setEditing] = useState<BlockedTime | null | undefined>(undefined)

  return (
    <FormDialog
      open={open && professional !== null}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) setEditing(undefined)
      }}
    >
      <DialogContent
        fullScreenOnMobile
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg"
      >
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>
            {editing === undefined ? 'Bloqueios de horário' : editing ? 'Editar bloqueio' : 'Novo bloqueio'}
          </DialogTitle>
          <DialogDescription>
            {professional?.name}: horários em que não atende, como folgas, consultas ou almoço. Os clientes não
            conseguem agendar nesses horários.
          </DialogDescription>
        </DialogHeader>
        {professional &&
          (editing === undefined ? (
            <BlockedTimesList professional={professional} todayDate={today(timeZone)} onAdd={() => setEditing(null)} onEdit={setEditing} />
          ) : (
            <BlockedTimeForm
              key={editing?.id ?? 'new'}
              professional={professional}
              blockedTime={editing}
              todayDate={today(timeZone)}
              onDone={() => setEditing(undefined)}
            />
          ))}
      </DialogContent>
    </FormDialog>
  )
}

function BlockedTimesList({
  professional,
  todayDate,
  onAdd,
  onEdit,
}: {
  professional: Person
  todayDate: string
  onAdd: () => void
  onEdit: (b: BlockedTime) => void
}) {
  const [from] = useState(todayDate)
  const { data, isPending, isError, refetch } = useBlockedTimes({ professionalId: professional.id, from })
  const [confirming, setConfirming] = useState<string | null>(null)
  const remove = useDeleteBlockedTime()

  const confirmDelete = (b: BlockedTime) => {
    remove.mutate(b.id, {
      onSuccess: () => {
        toast.success('Bloqueio excluído')
        setConfirming(null)
      },
      onError: (error) => {
        console.error('Erro ao excluir bloqueio', error)
        toast.error(
          isApiError(error) && error.status !== 0 ? error.message : 'Não foi possível excluir o bloqueio. Tente novamente.',
        )
      },
    })
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-4 overflow-y-auto px-5 py-5 sm:px-6">
        <Button onClick={onAdd} className="w-full sm:w-fit">
          <PlusIcon aria-hidden="true" />
          Novo bloqueio
        </Button>
        {isPending ? (
          <div className="grid grid-cols-1 gap-2" aria-busy="true">
            <Skeleton className="h-16 rounded-lg" />
            <Skeleton className="h-16 rounded-lg" />
          </div>
        ) : isError ? (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden="true" />
            <AlertDescription>
              <p>Não foi possível carregar os bloqueios.</p>
              <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void refetch()}>
                <RefreshCwIcon aria-hidden="true" />
                Tentar novamente
              </Button>
            </AlertDescription>
          </Alert>
        ) : data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center">
            <CalendarOffIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">Nenhum bloqueio de hoje em diante.</p>
          </div>
        ) : (
          <ul className="divide-y rounded-xl border" aria-label="Bloqueios">
            {data.map((b) => (
              <li key={b.id} className="grid grid-cols-1 gap-2 px-4 py-3">
                <div className="flex items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium tabular-nums">{describeBlockedTime(b)}</p>
                    <p className="truncate text-sm text-muted-foreground">{b.reason || 'Sem motivo informado'}</p>
                  </div>
                  <Button variant="ghost" size="icon" className="size-11 sm:size-10" onClick={() => onEdit(b)}>
                    <PencilIcon aria-hidden="true" />
                    <span className="sr-only">Editar o bloqueio de {describeBlockedTime(b)}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-11 text-muted-foreground hover:bg-destructive/10 hover:text-destructive sm:size-10"
                    onClick={() => setConfirming(b.id)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    <span className="sr-only">Excluir o bloqueio de {describeBlockedTime(b)}</span>
                  </Button>
                </div>
                {confirming === b.id && (
                  <div
                    role="group"
                    aria-label="Confirmar exclusão"
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-destructive/5 px-3 py-2"
                  >
                    <p className="text-sm">Excluir este bloqueio?</p>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setConfirming(null)} disabled={remove.isPending}>
                        Cancelar
                      </Button>
                      <Button variant="destructive" size="sm" onClick={() => confirmDelete(b)} disabled={remove.isPending}>
                        {remove.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                        Excluir
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function BlockedTimeForm({
  professional,
  blockedTime,
  todayDate,
  onDone,
}: {
  professional: Person
  blockedTime: BlockedTime | null
  todayDate: string
  onDone: () => void
}) {
  const create = useCreateBlockedTime()
  const update = useUpdateBlockedTime()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BlockedTimeFormValues>({
    resolver: zodResolver(blockedTimeFormSchema(todayDate)),
    defaultValues: blockedTimeToForm(blockedTime, todayDate),
  })
  const leave = useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: BLOCKED_TIME_FIELD_PATHS,
    log: 'Erro ao salvar bloqueio',
    failure: 'Não foi possível salvar o bloqueio.',
  })
  const allDay = useWatch({ control, name: 'allDay' })

  const onSubmit = handleSubmit(async (values) => {
    const input = formToBlockedTimeInput(professional.id, values)
    const saved = await submit(
      () => (blockedTime ? update.mutateAsync({ id: blockedTime.id, input }) : create.mutateAsync(input)),
      { done: blockedTime ? 'Bloqueio atualizado' : 'Bloqueio criado' },
    )
    if (saved) onDone()
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />
        <FormField id="blocked-date" label="Data" error={errors.date?.message}>
          {(aria) => <Input type="date" min={todayDate} {...aria} {...register('date')} />}
        </FormField>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <Checkbox {...register('allDay')} />
          Dia inteiro
        </label>
        {!allDay && (
          <div className="grid grid-cols-2 gap-4">
            <FormField id="blocked-start" label="Início" error={errors.startTime?.message}>
              {(aria) => <Input type="time" {...aria} {...register('startTime')} />}
            </FormField>
            <FormField id="blocked-end" label="Fim" error={errors.endTime?.message}>
              {(aria) => <Input type="time" {...aria} {...register('endTime')} />}
            </FormField>
          </div>
        )}
        <FormField id="blocked-reason" label="Motivo" optional error={errors.reason?.message}>
          {(aria) => <Input placeholder="Ex.: Consulta médica" {...aria} {...register('reason')} />}
        </FormField>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
        <Button variant="outline" onClick={() => leave(onDone)} disabled={isSubmitting}>
          <ArrowLeftIcon aria-hidden="true" />
          Voltar
        </Button>
        <Button type="submit" disabled={isSubmitting} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>
    </form>
  )
}
