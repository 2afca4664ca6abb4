import { HelpChannels } from '@/components/help/help-channels'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { helpIntro, safeWebLink, helpChatLink } from '@/lib/help-links'

import { useHelpSettings } from '../api/get-help-settings'
import { QuickGuide } from './quick-guide'

/**
 * HelpDialog offers the support channels an admin set in Configurar Ajuda: a WhatsApp chat and
 * the support website. It reads them on every opening, so a change reaches every owner at once.
 * With neither set, it answers the common questions with links to the pages that do them.
 */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const help = useHelpSettings({ enabled: open })
  const noChannel = help.data !== undefined && !helpChatLink(help.data.whatsappNumber) && !safeWebLink(help.data.websiteUrl)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Precisa de ajuda?</DialogTitle>
          <DialogDescription>
            {noChannel ? 'O atendimento do Agendo ainda não está disponível por aqui. Enquanto isso, veja onde fazer o mais comum:' : helpIntro(help.data)}
          </DialogDescription>
        </DialogHeader>
        {help.isPending ? (
          <div className="grid grid-cols-1 gap-3" aria-label="Carregando canais de ajuda">
            <Skeleton className="h-[4.75rem] rounded-xl" />
            <Skeleton className="h-[4.75rem] rounded-xl" />
          </div>
        ) : help.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Não foi possível carregar os canais de ajuda. Tente novamente mais tarde.</AlertDescription>
          </Alert>
        ) : noChannel ? (
          <QuickGuide onNavigate={() => onOpenChange(false)} />
        ) : (
          <HelpChannels settings={help.data} />
        )}
      </DialogContent>
    </Dialog>
  )
}
