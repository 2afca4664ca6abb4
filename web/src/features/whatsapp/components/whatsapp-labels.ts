import { isApiError } from '@/lib/api-client'

// Words of the WhatsApp lists.

/** firstName: "Maria Aparecida" → "Maria". */
export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] || name
}

/** hiddenLabel: "1 cliente chamado nos últimos 7 dias não aparece", "3 clientes … não aparecem". */
export function hiddenLabel(n: number) {
  return n === 1
    ? '1 cliente chamado nos últimos 7 dias não aparece'
    : `${n.toLocaleString('pt-BR')} clientes chamados nos últimos 7 dias não aparecem`
}

/** errorText is the server's own message (in Portuguese), or a plain one when there is none. */
export function errorText(error: unknown, fallback: string) {
  return isApiError(error) && error.message ? error.message : fallback
}

/**
 * withoutConsentLabel: clients left out because they have not said yes to news on WhatsApp
 * (or said 'SAIR'), as the LGPD asks.
 */
export function withoutConsentLabel(n: number) {
  return n === 1
    ? '1 cliente não aparece porque não aceitou receber novidades pelo WhatsApp (ou pediu para sair).'
    : `${n.toLocaleString('pt-BR')} clientes não aparecem porque não aceitaram receber novidades pelo WhatsApp (ou pediram para sair).`
}
