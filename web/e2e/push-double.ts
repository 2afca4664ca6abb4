import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A push service double for the end-to-end tests (issue 28): it holds a browser's subscription
 * keys, takes the server's pushes over HTTP as a push service does (RFC 8030) and decrypts them
 * as the browser would (RFC 8291, aes128gcm), so a test reads what the phone would show. Headless
 * Chromium reaches no real push service here; the page's PushManager is given this subscription.
 */
export type PushDouble = {
  server: Server
  /** The subscription as the browser's PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** Every payload received, decrypted, oldest first. */
  received: { payload: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }[]
}

const b64url = (b: Buffer) => b.toString('base64url')

function decrypt(browserKey: ReturnType<typeof createECDH>, auth: Buffer, body: Buffer) {
  const salt = body.subarray(0, 16)
  const idlen = body[20] ?? 0
  const serverPublic = body.subarray(21, 21 + idlen)
  const shared = browserKey.computeSecret(serverPublic)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey.getPublicKey(), serverPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const record = body.subarray(21 + idlen)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8')
}

export async function startPushDouble(): Promise<PushDouble> {
  const browserKey = createECDH('prime256v1')
  browserKey.generateKeys()
  const auth = randomBytes(16)
  const double: Partial<PushDouble> & { received: PushDouble['received'] } = { received: [] }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        if (!String(req.headers.authorization ?? '').startsWith('vapid t=')) throw new Error('no VAPID token')
        const payload = JSON.parse(decrypt(browserKey, auth, Buffer.concat(chunks))) as Record<string, unknown>
        double.received.push({ payload, headers: req.headers })
        res.writeHead(201).end()
      } catch (e) {
        res.writeHead(400).end(String(e))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  double.server = server
  double.subscription = {
    endpoint: `http://127.0.0.1:${port}/push/phone-1`,
    keys: { p256dh: b64url(browserKey.getPublicKey()), auth: b64url(auth) },
  }
  return double as PushDouble
}

/**
 * fakePushManager is the page script that gives PushManager this subscription: subscribe() and
 * getSubscription() answer it as a browser would once the person allowed notifications.
 */
export function fakePushManager(subscription: PushDouble['subscription']) {
  return `(() => {
    const json = ${JSON.stringify(subscription)}
    let subscribed = false
    const sub = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => { subscribed = false; return true } }
    PushManager.prototype.subscribe = async function () { subscribed = true; return sub }
    PushManager.prototype.getSubscription = async function () { return subscribed ? sub : null }
  })()`
}
