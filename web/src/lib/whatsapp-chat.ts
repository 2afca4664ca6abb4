import type { MouseEvent } from 'react'
import { toast } from 'sonner'

import { api, ApiError } from './api-client'
import { isMaskedPhone, whatsappLink } from './phone'

/**
 * A WhatsApp chat with a client, from a link (a button styled as one). A phone the professional
 * sees masked ("(11) 9••••-4321", lib/phone's isMaskedPhone) has no number to link to: the click
 * asks the server for the wa.me address (POST /clients/{phone}/whatsapp) and opens it in the tab
 * it opened at once, inside the tap, so no pop-up blocker stops it.
 */

/** chatHref is the link's address: wa.me with the text, or none yet for a masked phone. */
export function chatHref(phone: string, text?: string) {
  return isMaskedPhone(phone) ? '#whatsapp' : whatsappLink(phone, text)
}

/** openChat handles the link's click: for a masked phone it opens the chat through the server. */
export function openChat(event: MouseEvent<HTMLAnchorElement>, phone: string, text?: string) {
  if (!isMaskedPhone(phone)) return
  event.preventDefault()
  const tab = window.open('about:blank', '_blank')
  if (tab) tab.opener = null
  api
    .post<{ link: string }>(`/clients/${encodeURIComponent(phone)}/whatsapp`, { text: text ?? '' })
    .then(({ link }) => {
      if (tab) tab.location.href = link
      else window.location.assign(link)
    })
    .catch((err: unknown) => {
      tab?.close()
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível abrir o WhatsApp. Tente de novo.')
    })
}
