import { type BrowserContext, type Request, test as base } from '@playwright/test'
import { appendFileSync, mkdirSync } from 'node:fs'

// Every API exchange the web app makes in the end-to-end tests is written to
// test-results/api-traffic.jsonl; `make e2e` then checks each one against the OpenAPI
// document (internal/httpapi/webtraffic_test.go): the request must be described — its
// operation, query parameters and body — and the answer must match what is documented.

export const trafficFile = 'test-results/api-traffic.jsonl'

async function record(request: Request) {
  const url = new URL(request.url())
  if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/files/')) return
  const response = await request.response().catch(() => null) // the context may be closed by now
  if (!response) return
  const responseType = response.headers()['content-type'] ?? ''
  let responseBody = ''
  if (responseType.startsWith('application/json')) {
    try {
      responseBody = (await response.body()).toString('utf8')
    } catch {
      return // the page went away before the body could be read
    }
  }
  const entry = {
    method: request.method(),
    path: url.pathname,
    query: url.search,
    requestType: request.headers()['content-type'] ?? '',
    requestBody: request.headers()['content-type']?.startsWith('application/json') ? (request.postData() ?? '') : '',
    status: response.status(),
    responseType,
    responseBody,
  }
  mkdirSync('test-results', { recursive: true })
  appendFileSync(trafficFile, JSON.stringify(entry) + '\n')
}

/** recordTraffic writes the API exchanges of a context the test made itself. */
export function recordTraffic(context: BrowserContext) {
  const pending: Promise<void>[] = []
  context.on('requestfinished', (request) => void pending.push(record(request)))
  return () => Promise.all(pending)
}

/**
 * The test function of every spec: Playwright's, recording the traffic of the default context
 * and of every context the test opens with browser.newContext (wrapped for the test's duration).
 */
export const test = base.extend<{ apiTraffic: void }>({
  // Each worker has a server of its own (global-setup.ts): worker i is at the config's port + i.
  baseURL: async ({ baseURL }, provide, testInfo) => {
    const url = new URL(baseURL ?? '')
    url.port = String(Number(url.port) + testInfo.parallelIndex)
    await provide(url.origin)
  },
  apiTraffic: [
    async ({ context, browser }, use) => {
      const settles = [recordTraffic(context)]
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const opened = await newContext(options)
        settles.push(recordTraffic(opened))
        return opened
      }
      await use()
      browser.newContext = newContext
      await Promise.all(settles.map((settle) => settle()))
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
