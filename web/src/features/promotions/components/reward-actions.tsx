import { CheckIcon, LoaderCircleIcon, MessageCircleIcon } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { chatHref, openChat } from '@/lib/whatsapp-chat'
import { cn } from '@/lib/utils'

import { congratsMessage } from '../api/labels'
import { useRedeem } from '../api/redeem'

/**
 * RewardActions are what the owner does with a reward a client earned: congratulate them on
 * WhatsApp, and mark it as used (with 'Desfazer' for 8 s).
 */
export function RewardActions({
  promotionId,
  reward,
  client,
  storeName,
  expiresOn,
  usedLabel = 'Marcar prêmio como usado',
  className,
}: {
  promotionId: string
  reward: string
  client: { phone: string; name: string }
  storeName?: string
  expiresOn?: string
  usedLabel?: string
  className?: string
}) {
  const redeem = useRedeem()
  const [saving, setSaving] = useState(false)
  const markUsed = async () => {
    setSaving(true)
    try {
      await redeem({ promotionId, clientPhone: client.phone, clientName: client.name, reward })
    } finally {
      setSaving(false)
    }
  }
  const congrats = congratsMessage(client.name, reward, storeName, expiresOn)
  return (
    <div className={cn('grid grid-cols-1 gap-2 sm:flex sm:flex-wrap', className)}>
      <Button disabled={saving} onClick={() => void markUsed()}>
        {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
        {usedLabel}
      </Button>
      <Button variant="outline" asChild>
        <a
          href={chatHref(client.phone, congrats)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => openChat(event, client.phone, congrats)}
        >
          <MessageCircleIcon aria-hidden="true" />
          Parabenizar no WhatsApp
        </a>
      </Button>
    </div>
  )
}
