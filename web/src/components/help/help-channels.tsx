import { ChevronRightIcon, GlobeIcon, LifeBuoyIcon, MessageCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { formatPhone } from '@/lib/phone'
import { type HelpChannelSettings, safeWebLink, helpChatLink } from '@/lib/help-links'

function ChannelLink({ href, icon, title, detail }: { href: string; icon: ReactNode; title: string; detail: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex min-h-11 items-center gap-4 rounded-xl border bg-card p-4 outline-none transition-colors hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block truncate text-sm text-muted-foreground">{detail}</span>
      </span>
      <ChevronRightIcon
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </a>
  )
}

/**
 * HelpChannels lists the support channels: a WhatsApp chat with the greeting typed, and the
 * support website. A channel not set (an empty setting) is not shown; with none, it says so
 * kindly. The owners' help dialog and the admin's preview of it both render this.
 */
export function HelpChannels({ settings }: { settings: HelpChannelSettings }) {
  const whatsapp = helpChatLink(settings.whatsappNumber)
  const website = safeWebLink(settings.websiteUrl)
  if (!whatsapp && !website) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-dashed bg-muted/50 p-4 text-sm">
        <LifeBuoyIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <span className="block font-medium">O suporte ainda não foi configurado.</span>
          <span className="text-muted-foreground">Em breve você poderá falar com a nossa equipe por aqui.</span>
        </p>
      </div>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      {whatsapp && (
        <ChannelLink
          href={whatsapp}
          icon={<MessageCircleIcon className="size-5" aria-hidden="true" />}
          title="Conversar no WhatsApp"
          detail={formatPhone(settings.whatsappNumber)}
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
  )
}
