// A Server-Sent Events client over fetch, so the stream can carry the access token in the
// Authorization header (EventSource cannot). DESIGN.md section 6.

export type SSEMessage = { event: string; data: string; id: string }

/**
 * createSSEParser reads the text/event-stream format incrementally: feed it chunks as they
 * arrive (a line or an event may be split anywhere, even between \r and \n) and it answers
 * the events completed so far. Comment lines (heartbeats, ": ping") are skipped.
 */
export function createSSEParser() {
  let buffer = ''
  let skipLF = false
  let event = ''
  let data: string[] = []
  let lastId = ''

  function line(text: string, out: SSEMessage[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), id: lastId })
      event = ''
      data = []
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) lastId = value
  }

  return {
    push(chunk: string): SSEMessage[] {
      const out: SSEMessage[] = []
      let text = chunk
      if (skipLF && text.startsWith('\n')) text = text.slice(1)
      skipLF = false
      buffer += text
      let start = 0
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i]
        if (c !== '\n' && c !== '\r') continue
        line(buffer.slice(start, i), out)
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLF = true
          else if (buffer[i + 1] === '\n') i++
        }
        start = i + 1
      }
      buffer = buffer.slice(start)
      return out
    },
  }
}

export type EventStreamOptions = {
  url: string
  /** The current access token (after any refresh under way). */
  getAccessToken: () => Promise<string | null>
  /** Renews the token after a 401; null means the session is gone. */
  refresh: () => Promise<string | null>
  onMessage: (message: SSEMessage) => void
  /** Called on each successful connection; `reconnected` is false the first time. */
  onOpen?: (reconnected: boolean) => void
  /** First reconnection delay, doubled on each failure up to maxDelayMs. */
  initialDelayMs?: number
  maxDelayMs?: number
  /** With no byte for this long (the server pings every 25 s), the stream is reopened. */
  idleTimeoutMs?: number
  fetch?: typeof fetch
}

export type EventStream = { close: () => void }

/** The answer that ends the stream for good: the route is not there or access is refused. */
class GiveUp extends Error {}

/**
 * connectEventStream keeps an SSE connection open: it reconnects with exponential backoff
 * after any close or failure, and stops only when close() is called (sign-out, unmount) or the
 * server refuses for good (4xx other than 401, 408 and 429).
 */
export function connectEventStream(options: EventStreamOptions): EventStream {
  const {
    url,
    getAccessToken,
    refresh,
    onMessage,
    onOpen,
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    idleTimeoutMs = 60_000,
  } = options
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  let closed = false
  let controller: AbortController | null = null
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null
  let wake: (() => void) | null = null
  let sleepTimer: ReturnType<typeof setTimeout> | null = null

  /** hangUp aborts the request and cancels the body (a test's stream may ignore the abort). */
  function hangUp() {
    controller?.abort()
    reader?.cancel().catch(() => {})
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve
      sleepTimer = setTimeout(resolve, ms)
    })

  async function open(token: string | null, signal: AbortSignal) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' }
    if (token) headers.Authorization = `Bearer ${token}`
    return doFetch(url, { headers, signal, credentials: 'same-origin', cache: 'no-store' })
  }

  async function connectOnce(reconnected: boolean, opened: () => void) {
    controller = new AbortController()
    const { signal } = controller
    let response = await open(await getAccessToken(), signal)
    if (response.status === 401) {
      const token = await refresh()
      if (!token) throw new GiveUp('sessão encerrada')
      response = await open(token, signal)
    }
    if (!response.ok || !response.body) {
      const s = response.status
      if (s >= 400 && s < 500 && s !== 408 && s !== 429) throw new GiveUp(`HTTP ${s}`)
      throw new Error(`HTTP ${s}`)
    }
    if (closed) return
    opened()
    onOpen?.(reconnected)
    const parser = createSSEParser()
    const decoder = new TextDecoder()
    const current = response.body.getReader()
    reader = current
    let idle: ReturnType<typeof setTimeout> | null = null
    const arm = () => {
      if (idle !== null) clearTimeout(idle)
      idle = setTimeout(hangUp, idleTimeoutMs)
    }
    arm()
    try {
      for (;;) {
        const { done, value } = await current.read()
        if (done || closed) break
        arm()
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (closed) break
          onMessage(message)
        }
      }
    } finally {
      if (idle !== null) clearTimeout(idle)
      reader = null
    }
  }

  void (async () => {
    let reconnected = false
    let failures = 0
    while (!closed) {
      try {
        await connectOnce(reconnected, () => {
          reconnected = true
          failures = 0
        })
      } catch (error) {
        if (closed || error instanceof GiveUp) return
      }
      if (closed) return
      await sleep(Math.min(maxDelayMs, initialDelayMs * 2 ** failures))
      failures++
    }
  })()

  return {
    close() {
      closed = true
      hangUp()
      if (sleepTimer !== null) clearTimeout(sleepTimer)
      wake?.()
    },
  }
}
