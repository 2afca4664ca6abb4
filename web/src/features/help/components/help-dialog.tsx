import { ChevronRightIcon, GlobeIcon, LifeBuoyIcon, MessageCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { Alert, AlertDescription } from '@/components/ui/alert'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { formatPhone } from '@/lib/format'

import { useHelpSettings } from '../api/get-help-settings'
import { safeWebLink, whatsAppLink } from '../api/links'

function ChannelLink({
  href,
  icon,
  title,
  detail,
}: {
  href: string
  icon: ReactNode
  title: string
  detail: string
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-4 rounded-xl border bg-card p-4 outline-none transition-colors hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block truncate text-sm text-muted-foreground">{detail}</span>
      </span>
      <ChevronRightIcon
        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </a>
  )
}

/** What the dialog says above the channels, by the channels there are. */
function intro(whatsapp: boolean, website: boolean) {
  if (whatsapp && website) return 'Fale com a equipe do Agendo pelo WhatsApp ou consulte a nossa central de ajuda.'
  if (whatsapp) return 'Fale com a equipe do Agendo pelo WhatsApp.'
  if (website) return 'Consulte a nossa central de ajuda.'
  return 'Os canais de atendimento do Agendo aparecem aqui.'
}

/**
 * HelpDialog offers the support channels: a WhatsApp chat and the support website. A channel
 * an admin has not set (an empty setting) is not shown; with none, the dialog says so kindly.
 */
export function HelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const help = useHelpSettings({ enabled: open })
  const whatsapp = help.data ? whatsAppLink(help.data.whatsappNumber) : null
  const website = help.data ? safeWebLink(help.data.websiteUrl) : null

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Precisa de ajuda?</DialogTitle>
          <DialogDescription>
            {help.data ? intro(Boolean(whatsapp), Boolean(website)) : intro(true, true)}
          </DialogDescription>
        </DialogHeader>
        {help.isPending ? (
          <div className="grid grid-cols-1 gap-3" aria-label="Carregando canais de ajuda">
            <Skeleton className="h-[4.75rem] rounded-xl" />
            <Skeleton className="h-[4.75rem] rounded-xl" />
          </div>
        ) : help.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              Não foi possível carregar os canais de ajuda. Tente novamente mais tarde.
            </AlertDescription>
          </Alert>
        ) : !whatsapp && !website ? (
          <div className="flex items-start gap-3 rounded-xl border border-dashed bg-muted/50 p-4 text-sm">
            <LifeBuoyIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              <span className="block font-medium">O suporte ainda não foi configurado.</span>
              <span className="text-muted-foreground">Em breve você poderá falar com a nossa equipe por aqui.</span>
            </p>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-3">
            {whatsapp && (
              <ChannelLink
                href={whatsapp}
                icon={<MessageCircleIcon className="size-5" aria-hidden="true" />}
                title="Conversar no WhatsApp"
                detail={formatPhone(help.data.whatsappNumber)}
              />
            )}
            {website && (
              <ChannelLink
                href={website}
                icon={<GlobeIcon className="size-5" aria-hidden="true" />}
                title="Central de ajuda"
                detail={new URL(website).host}
              />
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
