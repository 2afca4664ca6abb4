import { CheckCircle2Icon, FileUpIcon, LoaderCircleIcon, Undo2Icon, UploadIcon } from 'lucide-react'
import { type DragEvent, useId, useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { NativeSelect } from '@/components/ui/select'
import { Tabs } from '@/components/ui/tabs'
import { isApiError } from '@/lib/api-client'
import { countLabel } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { cn } from '@/lib/utils'

import {
  IMPORT_ACCEPT,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  useClientImports,
  useImportClients,
  usePreviewImport,
  useUndoImport,
} from '../api/import-clients'

// 'Importar clientes' on the Clientes page (issue 29): the owner drops the file her old system
// exported, checks how its columns map and what each row will become, imports the new clients
// at once, and can undo it for 7 days.

/** day: an instant's date where the owner is, "06/12/2026". */
const day = (iso: string) => new Date(iso).toLocaleDateString('pt-BR')

const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback)

/** ImportClientsButton opens the import. */
export function ImportClientsButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <FileUpIcon aria-hidden="true" />
          Importar clientes
        </Button>
      </DialogTrigger>
      <DialogContent fullScreenOnMobile className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl">
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>Importar clientes</DialogTitle>
          <DialogDescription>
            Traga a lista de clientes de outro sistema, de uma planilha ou dos contatos do celular: CSV, Excel (.xlsx) ou vCard (.vcf), até 10 MB.
          </DialogDescription>
        </DialogHeader>
        {open && <ImportFlow onClose={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ImportFlow({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [done, setDone] = useState<ImportResult | null>(null)
  const [problem, setProblem] = useState('')
  const read = usePreviewImport()
  const commit = useImportClients()

  const choose = (chosen: File) => {
    setProblem('')
    setPreview(null)
    if (chosen.size > IMPORT_MAX_BYTES) {
      setProblem('O arquivo tem mais de 10 MB. Divida a lista em arquivos menores e importe um de cada vez.')
      return
    }
    setFile(chosen)
    read.mutate(
      { file: chosen },
      { onSuccess: setPreview, onError: (error) => setProblem(errorText(error, 'Não foi possível ler o arquivo. Tente novamente.')) },
    )
  }
  const remap = (mapping: string[]) => {
    if (!file) return
    read.mutate(
      { file, mapping },
      { onSuccess: setPreview, onError: (error) => toast.error(errorText(error, 'Não foi possível ler o arquivo de novo.')) },
    )
  }
  const start = () => {
    if (!file || !preview) return
    commit.mutate(
      { file, mapping: preview.mapping },
      { onSuccess: setDone, onError: (error) => toast.error(errorText(error, 'Não foi possível importar. Nada foi gravado.')) },
    )
  }

  if (done) return <Done result={done} onClose={onClose} />
  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        {preview && file ? (
          <Preview preview={preview} busy={read.isPending} onMapping={remap} />
        ) : (
          <Choose onFile={choose} busy={read.isPending} problem={problem} />
        )}
      </div>
      {preview && (
        <div className="flex flex-col-reverse gap-2 border-t px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          <Button
            variant="outline"
            disabled={commit.isPending}
            onClick={() => {
              setPreview(null)
              setFile(null)
            }}
          >
            Escolher outro arquivo
          </Button>
          <Button disabled={preview.new === 0 || read.isPending || commit.isPending} onClick={start}>
            {commit.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
            {preview.new === 0 ? 'Nenhum cliente novo' : `Importar ${countLabel(preview.new, 'cliente', 'clientes')}`}
          </Button>
        </div>
      )}
    </>
  )
}

function Choose({ onFile, busy, problem }: { onFile: (file: File) => void; busy: boolean; problem: string }) {
  const id = useId()
  const [over, setOver] = useState(false)
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }
  return (
    <>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-muted/40 px-4 py-12 text-center transition-colors hover:bg-accent/40 focus-within:ring-[3px] focus-within:ring-ring/30',
          over && 'border-primary bg-accent/40',
        )}
      >
        {busy ? (
          <LoaderCircleIcon className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
        ) : (
          <FileUpIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="font-medium">{busy ? 'Lendo o arquivo…' : 'Escolher arquivo'}</span>
        <span className="text-sm text-muted-foreground">ou arraste o arquivo para cá</span>
        <input
          id={id}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) onFile(file)
          }}
        />
      </label>
      {problem && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2.5 text-sm text-destructive">
          {problem}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-1.5 text-sm text-muted-foreground">
        <li>
          <span className="font-medium text-foreground">De outro sistema</span> (Trinks, Booksy, Avec…): exporte os clientes em Excel ou CSV.
        </li>
        <li>
          <span className="font-medium text-foreground">Do Google Contatos:</span> Exportar → CSV do Google.
        </li>
        <li>
          <span className="font-medium text-foreground">Do celular:</span> compartilhe os contatos como vCard (.vcf).
        </li>
      </ul>
      <RecentImports />
    </>
  )
}

function Preview({ preview, busy, onMapping }: { preview: ImportPreview; busy: boolean; onMapping: (mapping: string[]) => void }) {
  type View = 'invalid' | 'duplicate' | 'new'
  const [view, setView] = useState<View>(preview.invalid > 0 ? 'invalid' : preview.new > 0 ? 'new' : 'duplicate')
  const counts: [string, number, string][] = [
    ['novos', preview.new, 'text-success'],
    ['já cadastrados', preview.duplicates, 'text-muted-foreground'],
    ['repetidos no arquivo', preview.repeated, 'text-muted-foreground'],
    ['com erro', preview.invalid, 'text-destructive'],
  ]
  const rows: Record<View, ImportRow[]> = {
    invalid: preview.rows.filter((r) => r.status === 'invalid'),
    duplicate: preview.rows.filter((r) => r.status === 'duplicate' || r.status === 'repeated'),
    new: preview.rows.filter((r) => r.status === 'new'),
  }
  return (
    <div className={cn('grid grid-cols-1 gap-5 transition-opacity', busy && 'opacity-60')} aria-busy={busy}>
      <p className="text-sm break-words">
        <span className="font-medium">{preview.fileName}</span>{' '}
        <span className="text-muted-foreground">· {countLabel(preview.rows.length, 'linha', 'linhas')}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Resumo da importação">
        {counts.map(([label, n, colour]) => (
          <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={cn('text-lg font-semibold tabular-nums', n > 0 && colour)}>{n.toLocaleString('pt-BR')}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="import-columns" className="grid grid-cols-1 gap-2">
        <h3 id="import-columns" className="text-sm font-semibold">
          Colunas do arquivo
        </h3>
        <p className="text-sm text-muted-foreground">Confira em que campo cada coluna entra. O nome e o telefone são obrigatórios.</p>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {preview.header.map((name, i) => (
            <li key={i} className="grid grid-cols-1 gap-1.5 rounded-lg border bg-card p-3">
              <label htmlFor={`import-col-${i}`} className="text-sm font-medium break-words">
                {name}
              </label>
              <span className="truncate text-xs text-muted-foreground">{preview.samples[i]?.join(' · ') || 'Coluna vazia'}</span>
              <NativeSelect
                id={`import-col-${i}`}
                value={preview.mapping[i] ?? ''}
                disabled={busy}
                onChange={(event) => {
                  const next = [...preview.mapping]
                  // A field goes to one column: the one it leaves is no longer imported.
                  const taken = next.indexOf(event.target.value)
                  if (event.target.value && taken >= 0) next[taken] = ''
                  next[i] = event.target.value
                  onMapping(next)
                }}
              >
                {IMPORT_FIELDS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect>
            </li>
          ))}
        </ul>
      </section>

      <Tabs
        value={view}
        onValueChange={setView}
        label="Linhas do arquivo"
        items={[
          { value: 'invalid', label: `Com erro (${preview.invalid})` },
          { value: 'duplicate', label: `Já cadastrados (${preview.duplicates + preview.repeated})` },
          { value: 'new', label: `Novos (${preview.new})` },
        ]}
      >
        <RowList rows={rows[view]} />
      </Tabs>
    </div>
  )
}

/** How many rows a list shows: the rest are counted. */
const ROWS_SHOWN = 100

function RowList({ rows }: { rows: ImportRow[] }) {
  if (rows.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">Nenhuma linha.</p>
  return (
    <ol className="grid grid-cols-1 gap-2">
      {rows.slice(0, ROWS_SHOWN).map((r) => (
        <li key={r.line} className="grid grid-cols-1 gap-1 rounded-lg border bg-card px-3 py-2.5 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="text-xs text-muted-foreground tabular-nums">Linha {r.line}</span>
            <span className="min-w-0 font-medium break-words">{r.name || 'Sem nome'}</span>
            {r.phone && <span className="text-muted-foreground tabular-nums">{formatPhone(r.phone)}</span>}
          </p>
          {r.status === 'duplicate' && <p className="text-muted-foreground">Já é cliente: {r.existing}. Fica como está.</p>}
          {r.status === 'repeated' && <p className="text-muted-foreground">Mesmo telefone da {r.existing}: entra uma vez só.</p>}
          {r.problems.map((p) => (
            <p key={p} className="break-words text-destructive">
              {p}
            </p>
          ))}
          {r.warnings.map((w) => (
            <p key={w} className="break-words text-amber-800">
              {w}
            </p>
          ))}
        </li>
      ))}
      {rows.length > ROWS_SHOWN && (
        <li className="py-2 text-center text-sm text-muted-foreground">
          e mais {countLabel(rows.length - ROWS_SHOWN, 'linha', 'linhas')}
        </li>
      )}
    </ol>
  )
}

function Done({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  const [undone, setUndone] = useState(false)
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-6 sm:px-6">
      <div role="status" className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4">
        <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="grid grid-cols-1 gap-1 text-sm">
          <p className="font-semibold">
            {undone ? 'Importação desfeita' : `${countLabel(result.added, 'cliente importado', 'clientes importados')}`}
          </p>
          {!undone && (
            <p className="text-muted-foreground">
              {result.duplicates + result.repeated > 0 &&
                `${countLabel(result.duplicates + result.repeated, 'linha já cadastrada ficou', 'linhas já cadastradas ficaram')} como estava. `}
              {result.invalid > 0 && `${countLabel(result.invalid, 'linha com erro não entrou', 'linhas com erro não entraram')}. `}
              Você pode desfazer a importação até {day(result.undoUntil)}.
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {!undone && <UndoButton result={result} onUndone={() => setUndone(true)} />}
        <Button onClick={onClose}>Ver clientes</Button>
      </div>
    </div>
  )
}

function UndoButton({ result, onUndone }: { result: ImportResult; onUndone: () => void }) {
  const [asking, setAsking] = useState(false)
  const undo = useUndoImport()
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <Undo2Icon aria-hidden="true" />
        Desfazer importação
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Desfazer a importação?"
        description={`Os ${countLabel(result.added, 'cliente', 'clientes')} de ${result.fileName} serão apagados, menos os que já agendaram ou que você editou.`}
        confirmLabel="Desfazer importação"
        pending={undo.isPending}
        onConfirm={() =>
          undo.mutate(result.id, {
            onSuccess: (u) => {
              setAsking(false)
              toast.success(
                u.kept > 0
                  ? `${countLabel(u.removed, 'cliente apagado', 'clientes apagados')}; ${countLabel(u.kept, 'ficou porque já agendou', 'ficaram porque já agendaram')}`
                  : `${countLabel(u.removed, 'cliente apagado', 'clientes apagados')}`,
              )
              onUndone()
            },
            onError: (error) => toast.error(errorText(error, 'Não foi possível desfazer a importação.')),
          })
        }
      />
    </>
  )
}

function RecentImports() {
  const imports = useClientImports()
  const open = imports.data?.items.filter((i) => i.canUndo) ?? []
  const [gone, setGone] = useState<string[]>([])
  const shown = open.filter((i) => !gone.includes(i.id))
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="recent-imports" className="grid grid-cols-1 gap-2">
      <h3 id="recent-imports" className="text-sm font-semibold">
        Importações recentes
      </h3>
      <ul className="grid grid-cols-1 gap-2">
        {shown.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="block font-medium break-words">{i.fileName}</span>
              <span className="text-muted-foreground">
                {countLabel(i.added, 'cliente', 'clientes')} em {day(i.createdAt)} · dá para desfazer até{' '}
                {day(i.undoUntil)}
              </span>
            </span>
            <UndoButton result={i} onUndone={() => setGone((g) => [...g, i.id])} />
          </li>
        ))}
      </ul>
    </section>
  )
}
