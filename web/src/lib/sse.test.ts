// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectEventStream, createSSEParser, type SSEMessage } from './sse'

describe('createSSEParser', () => {
  it('reads events whose lines and fields are split anywhere across chunks', () => {
    const text =
      'event: connected\ndata: {}\n\nevent: appointment.created\ndata: {"type":"appointment.created","id":"a1"}\n\n'
    // Every split point of the stream must give the same two events.
    for (let cut = 1; cut < text.length; cut++) {
      const parser = createSSEParser()
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))]
      expect(events.map((e) => [e.event, e.data])).toEqual([
        ['connected', '{}'],
        ['appointment.created', '{"type":"appointment.created","id":"a1"}'],
      ])
    }
  })

  it('ignores comment heartbeats and blank lines between events', () => {
    const parser = createSSEParser()
    expect(parser.push(': ping\n\n: ping\n\n\n')).toEqual([])
    expect(parser.push('event: client.updated\n: a comment inside\ndata: {"id":"+5511"}\n\n')).toEqual([
      { event: 'client.updated', data: '{"id":"+5511"}', id: '' },
    ])
  })

  it('handles CRLF and CR line ends, even a CRLF split between chunks', () => {
    const parser = createSSEParser()
    const events: SSEMessage[] = [
      ...parser.push('event: a\r'),
      ...parser.push('\ndata: 1\r\n\r'),
      ...parser.push('\nevent: b\rdata: 2\r\r'),
    ]
    expect(events.map((e) => `${e.event}=${e.data}`)).toEqual(['a=1', 'b=2'])
  })

  it('joins multi-line data, defaults the name to "message" and keeps the last id', () => {
    const parser = createSSEParser()
    expect(parser.push('id: 7\ndata: first\ndata:second\n\n')).toEqual([
      { event: 'message', data: 'first\nsecond', id: '7' },
    ])
  })

  it('waits for the blank line before dispatching', () => {
    const parser = createSSEParser()
    expect(parser.push('event: appointment.deleted\ndata: {"id":"a1"}\n')).toEqual([])
    expect(parser.push('\n')).toHaveLength(1)
  })
})

/** A controllable text/event-stream response. */
function streamResponse() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  }
}

describe('connectEventStream', () => {
  afterEach(() => vi.useRealTimers())

  it('sends the token, delivers events and reconnects with backoff after the server closes', async () => {
    vi.useFakeTimers()
    const first = streamResponse()
    const fetchMock = vi
      .fn<(url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(first.response)
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(streamResponse().response)
    const got: string[] = []
    const opens: boolean[] = []
    const stream = connectEventStream({
      url: '/api/v1/events',
      getAccessToken: () => Promise.resolve('tok'),
      refresh: () => Promise.resolve('tok2'),
      fetch: fetchMock,
      onMessage: (m) => got.push(m.event),
      onOpen: (reconnected) => opens.push(reconnected),
      initialDelayMs: 1000,
    })
    await vi.advanceTimersByTimeAsync(0)
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer tok')
    first.send('event: connected\ndata: {}\n\n: ping\n\nevent: appointment.created\ndata: {"id":"a1"}\n\n')
    await vi.advanceTimersByTimeAsync(0)
    expect(got).toEqual(['connected', 'appointment.created'])

    // The server closes: one retry after 1 s fails (network), the next waits 2 s.
    first.end()
    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(opens).toEqual([false, true])

    stream.close()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('does not reconnect once closed on purpose', async () => {
    vi.useFakeTimers()
    const s = streamResponse()
    const fetchMock = vi.fn(() => Promise.resolve(s.response))
    const stream = connectEventStream({
      url: '/api/v1/events',
      getAccessToken: () => Promise.resolve('tok'),
      refresh: () => Promise.resolve(null),
      fetch: fetchMock,
      onMessage: () => {},
    })
    await vi.advanceTimersByTimeAsync(0)
    stream.close()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('refreshes the token once on 401 and gives up when the session is gone', async () => {
    vi.useFakeTimers()
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 401 })))
    const refresh = vi.fn(() => Promise.resolve(null))
    connectEventStream({
      url: '/api/v1/events',
      getAccessToken: () => Promise.resolve('old'),
      refresh,
      fetch: fetchMock,
      onMessage: () => {},
    })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('reopens a stream that went silent past the idle timeout', async () => {
    vi.useFakeTimers()
    const first = streamResponse()
    const second = streamResponse()
    const fetchMock = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response)
    const stream = connectEventStream({
      url: '/api/v1/events',
      getAccessToken: () => Promise.resolve('tok'),
      refresh: () => Promise.resolve('tok'),
      fetch: fetchMock,
      onMessage: () => {},
      idleTimeoutMs: 60_000,
      initialDelayMs: 1000,
    })
    await vi.advanceTimersByTimeAsync(59_000)
    first.send(': ping\n\n')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    stream.close()
  })
})
