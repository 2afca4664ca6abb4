import { api } from '@/lib/api-client'

// This browser's Web Push subscription (issue 28), for a customer's reminders and a team member's
// notices: the service worker (public/sw.js) is registered only when someone turns them on, so a
// page nobody asks it of loads nothing more.

export const PUSH_UNSUPPORTED =
  'Este navegador não recebe notificações. No iPhone, adicione o Agendo à tela de início (Compartilhar → Adicionar à Tela de Início) e abra por lá.'
export const PUSH_DENIED =
  'As notificações estão bloqueadas neste navegador. Libere-as nas configurações do site e tente de novo.'

/** PushSubscriptionBody is what the server takes: the endpoint and the browser's two keys. */
export type PushSubscriptionBody = { endpoint: string; p256dh: string; auth: string }

/** pushSupported tells whether this browser can receive pushes at all. */
export function pushSupported() {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** keyBytes reads the server's base64url VAPID key as PushManager takes it. */
export function keyBytes(base64url: string) {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4)
  const raw = atob(b64)
  const out = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** PushError carries the Portuguese reason the page shows. */
export class PushError extends Error {
  override name = 'PushError'
}

/**
 * subscribeThisBrowser asks for the permission, registers the service worker and subscribes with
 * the server's key; it returns the subscription as the server takes it.
 */
export async function subscribeThisBrowser(): Promise<PushSubscriptionBody> {
  if (!pushSupported()) throw new PushError(PUSH_UNSUPPORTED)
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushError(PUSH_DENIED)
  const registration = await navigator.serviceWorker.register('/sw.js')
  await navigator.serviceWorker.ready
  const { publicKey } = await api.get<{ publicKey: string }>('/public/push-key', { auth: false })
  const existing = await registration.pushManager.getSubscription()
  const sub =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  const json = sub.toJSON()
  return { endpoint: json.endpoint ?? sub.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }
}

/** currentEndpoint is this browser's subscription's endpoint, if it has one. */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration('/')
  const sub = await registration?.pushManager.getSubscription()
  return sub?.endpoint ?? null
}
