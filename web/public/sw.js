// Agendo's service worker (issue 28). It keeps the signed-in app's code so the installed app
// opens without a signal, and it shows the notifications the server pushes (a customer's
// reminder, a team member's notice of a booking) and answers their buttons.
//
// Offline, the pages come from here and the agenda from what the app kept (web/src/lib/offline):
// this worker caches no API answer and never replays a request.
// - A page is asked of the network first; only when the network fails (or a proxy answers 502,
//   503 or 504 for a server restarting) does the last app page the network gave stand in. A
//   deploy is therefore never hidden behind an old copy of index.html.
// - The app's files (/assets, hashed by the build, so a name never changes content) come from
//   the cache once fetched; the newest ASSET_LIMIT are kept, older deploys' fall out.
// 'Confirmar' on a reminder posts to the reminder's one-use confirm address, so the customer
// confirms with one tap without opening a page; 'Remarcar' and a tap on the notification open
// the page it names.

const SHELL = 'agendo-shell-v1'
const ASSETS = 'agendo-assets-v1'
const ASSET_LIMIT = 400
/** Where the app page is kept: every app page is the same index.html, routed in the browser. */
const SHELL_KEY = '/dashboard'

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(names.filter((n) => n !== SHELL && n !== ASSETS).map((n) => caches.delete(n)))
      await self.clients.claim()
    })(),
  ),
)

/**
 * page answers a navigation: the network's page or, when the network fails or a proxy answers
 * for a server that is restarting (502, 503, 504), the last app page the network gave.
 */
async function page(request) {
  try {
    const response = await fetch(request)
    if ([502, 503, 504].includes(response.status)) {
      const kept = await caches.match(SHELL_KEY, { cacheName: SHELL })
      if (kept) return kept
    }
    const url = new URL(request.url)
    // Only the signed-in app's pages are kept: a store's page carries that store's head.
    const html = (response.headers.get('Content-Type') || '').startsWith('text/html')
    if (response.ok && html && !response.redirected && url.pathname.startsWith('/dashboard')) {
      const cache = await caches.open(SHELL)
      await cache.put(SHELL_KEY, response.clone())
    }
    return response
  } catch (error) {
    const kept = await caches.match(SHELL_KEY, { cacheName: SHELL })
    if (kept) return kept
    throw error
  }
}

/** trim drops the oldest files past ASSET_LIMIT (a cache lists its entries oldest first). */
async function trim(cache) {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT)).map((k) => cache.delete(k)))
}

/** asset answers one of the build's files: from the cache, or fetched and kept. */
async function asset(request) {
  const cache = await caches.open(ASSETS)
  const kept = await cache.match(request, { ignoreVary: true })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) {
    await cache.put(request, response.clone())
    await trim(cache)
  }
  return response
}

/**
 * keep stores the app's page and the files the app loaded before this worker was in control
 * (the app posts their addresses once it is installed), so the next start works offline.
 */
async function keep(urls) {
  const shell = await caches.open(SHELL)
  if (!(await shell.match(SHELL_KEY))) await shell.add(SHELL_KEY).catch(() => {})
  const cache = await caches.open(ASSETS)
  for (const u of urls) {
    const url = new URL(u, self.location.origin)
    if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue
    if (await cache.match(url.pathname, { ignoreVary: true })) continue
    const response = await fetch(url.pathname).catch(() => null)
    if (response && response.ok) await cache.put(url.pathname, response)
  }
  await trim(cache)
}

self.addEventListener('message', (event) => {
  const data = event.data || {}
  if (data.type === 'keep' && Array.isArray(data.urls)) event.waitUntil(keep(data.urls))
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') event.respondWith(page(request))
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request))
  // Everything else, the API above all, goes to the network as if there were no worker.
})

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
