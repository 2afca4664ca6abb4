import { CheckIcon, CopyIcon, LoaderCircleIcon, MessageCircleIcon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'
import { LIMITS } from '@/lib/api-limits'

import type { ProfessionalOption } from '../api/roles'
import { type Invited, type MemberRole, useInvite } from '../api/team'
import { RoleFields } from './role-fields'

/**
 * InviteDialog writes an invitation: the role (and, for a professional, which one they are), and
 * optionally a name, a WhatsApp number and an email; then shows the link once, ready to send by
 * WhatsApp in one tap or to copy.
 */
export function InviteDialog({
  open,
  onOpenChange,
  professionals,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The professionals without a login yet. */
  professionals: ProfessionalOption[]
}) {
  const id = useId()
  const invite = useInvite()
  const [role, setRole] = useState<MemberRole>('profissional')
  const [professionalId, setProfessionalId] = useState('')
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [done, setDone] = useState<Invited | null>(null)
  const [copied, setCopied] = useState(false)

  const reset = () => {
    setRole('profissional')
    setProfessionalId('')
    setName('')
    setPhone('')
    setEmail('')
    setErrors({})
    setDone(null)
    setCopied(false)
    invite.reset()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (role === 'profissional' && !professionalId) {
      setErrors({ professionalId: 'Escolha qual profissional do salão esta pessoa é' })
      return
    }
    setErrors({})
    invite.mutate(
      { role, professionalId: role === 'profissional' ? professionalId : null, name, phone, email },
      {
        onSuccess: setDone,
        onError: (error) => {
          if (isApiError(error) && error.status !== 0) setErrors({ ...(error.fields ?? {}), form: error.message })
          else setErrors({ form: 'Não foi possível criar o convite. Verifique a conexão e tente novamente.' })
        },
      },
    )
  }

  const copy = async () => {
    if (!done) return
    try {
      await navigator.clipboard.writeText(done.link)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) reset()
      }}
    >
      <DialogContent fullScreenOnMobile className="content-start">
        {done ? (
          <>
            <DialogHeader>
              <DialogTitle>Convite criado</DialogTitle>
              <DialogDescription>
                Envie o link para {done.invitation.name || 'a pessoa'}: ele vale por 72 horas e uma única vez.
                {done.emailed && ` Também enviamos o convite para ${done.invitation.email}.`}
              </DialogDescription>
            </DialogHeader>
            <Field>
              <FieldLabel htmlFor={`${id}-link`}>Link do convite</FieldLabel>
              <Input id={`${id}-link`} readOnly value={done.link} onFocus={(e) => e.currentTarget.select()} />
            </Field>
            <div className="grid grid-cols-1 gap-2">
              <Button asChild size="lg">
                <a href={done.whatsapp} target="_blank" rel="noreferrer">
                  <MessageCircleIcon aria-hidden="true" />
                  Enviar pelo WhatsApp
                </a>
              </Button>
              <Button variant="outline" size="lg" onClick={() => void copy()}>
                {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                {copied ? 'Link copiado' : 'Copiar link'}
              </Button>
            </div>
            <DialogFooter>
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Concluir
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
            <DialogHeader>
              <DialogTitle>Convidar para a equipe</DialogTitle>
              <DialogDescription>
                A pessoa cria a senha pelo link (ou entra com a conta que já tem) e passa a usar o Agendo do salão.
              </DialogDescription>
            </DialogHeader>
            {errors.form && (
              <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {errors.form}
              </p>
            )}
            <RoleFields
              id={id}
              role={role}
              onRole={setRole}
              professionalId={professionalId}
              onProfessional={setProfessionalId}
              professionals={professionals}
              error={errors.professionalId}
            />
            <Field invalid={Boolean(errors.name)}>
              <FieldLabel htmlFor={`${id}-name`}>Nome (opcional)</FieldLabel>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={LIMITS.name}
                autoComplete="off"
                onChange={(e) => setName(e.target.value)}
              />
              <FieldError message={errors.name} />
            </Field>
            <Field invalid={Boolean(errors.phone)}>
              <FieldLabel htmlFor={`${id}-phone`}>WhatsApp (opcional)</FieldLabel>
              <Input
                id={`${id}-phone`}
                type="tel"
                inputMode="tel"
                placeholder="(11) 91234-5678"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
              <FieldDescription>Com o número, o WhatsApp já abre a conversa com a pessoa.</FieldDescription>
              <FieldError message={errors.phone} />
            </Field>
            <Field invalid={Boolean(errors.email)}>
              <FieldLabel htmlFor={`${id}-email`}>Email (opcional)</FieldLabel>
              <Input
                id={`${id}-email`}
                type="email"
                inputMode="email"
                maxLength={LIMITS.email}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <FieldDescription>Se informado, o convite também vai por email.</FieldDescription>
              <FieldError message={errors.email} />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                Criar convite
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
