// Agendo's service worker (issue 28): it shows the notifications the server pushes (a customer's
// reminder, a team member's notice of a booking) and answers their buttons. 'Confirmar' posts to
// the reminder's one-use confirm address, so the customer confirms with one tap without opening a
// page; 'Remarcar' and a tap on the notification open the page it names. It caches nothing yet:
// every page and answer still comes from the network, so a deploy is never hidden behind an old
// copy.

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

/** read is the push's JSON, or a plain notice when it cannot be read. */
function read(event) {
  try {
    return event.data ? event.data.json() : {}
  } catch {
    return { title: 'Agendo', body: event.data ? event.data.text() : '' }
  }
}

self.addEventListener('push', (event) => {
  const p = read(event)
  event.waitUntil(
    self.registration.showNotification(p.title || 'Agendo', {
      body: p.body || '',
      tag: p.tag || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'pt-BR',
      data: { url: p.url || '/', confirm: p.confirm || '' },
      actions: Array.isArray(p.actions) ? p.actions.slice(0, 2) : [],
    }),
  )
})

/** open focuses a window already on url, or opens one. */
async function open(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((w) => w.url === url)
  if (same) return same.focus()
  return self.clients.openWindow(url)
}

/** confirm posts the presence; the answer comes back as a notification. */
async function confirm(data) {
  try {
    const res = await fetch(data.confirm, { method: 'POST', credentials: 'omit' })
    const body = await res.json().catch(() => ({}))
    if (res.ok) {
      await self.registration.showNotification('Presença confirmada', {
        body: 'Obrigado! O salão já sabe que você vem.',
        icon: '/icon-192.png',
        lang: 'pt-BR',
        data: { url: data.url },
      })
      return
    }
    await self.registration.showNotification('Não foi possível confirmar', {
      body: (body.error && body.error.message) || 'Abra o agendamento para confirmar.',
      icon: '/icon-192.png',
      lang: 'pt-BR',
      data: { url: data.url },
    })
  } catch {
    await self.registration.showNotification('Sem conexão', {
      body: 'Não foi possível confirmar agora. Toque para abrir o agendamento quando tiver internet.',
      icon: '/icon-192.png',
      lang: 'pt-BR',
      data: { url: data.url },
    })
  }
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {}
  event.notification.close()
  if (event.action === 'confirm' && data.confirm) {
    event.waitUntil(confirm(data))
    return
  }
  event.waitUntil(open(data.url || '/'))
})
