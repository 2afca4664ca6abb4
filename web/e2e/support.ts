import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Locator, type Page } from '@playwright/test'

import type { SignUpInput } from '../src/lib/api-schema'

/** A unique email per test run so tests never collide on one database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@exemplo.com.br`
}

export const strongPassword = 'corte-e-escova-2026'

/** The terms' version a sign-up accepts, typed by the server's document (internal/domain TermsVersion). */
export const TERMS_VERSION: SignUpInput['acceptedTerms'] = '2026-11-v1'

/** The newest email to `to` (holding `containing`) in the mail directory, or undefined. */
function mailTo(dir: string, to: string, containing = ''): string | undefined {
  if (!existsSync(dir)) return undefined
  for (const f of readdirSync(dir).sort().reverse()) {
    const text = readFileSync(join(dir, f), 'utf8')
    if (text.includes(`To: ${to}`) && text.includes(containing)) return text
  }
  return undefined
}

/** Waits for an email to `to` (holding `containing`) and returns its text. */
export async function waitForMail(to: string, timeoutMs = 15_000, containing = ''): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)')
  let text: string | undefined
  await expect.poll(() => (text = mailTo(dir, to, containing)), { timeout: timeoutMs, message: `an email to ${to}` }).toBeDefined()
  return text ?? ''
}

/**
 * settled waits until the page's animations and transitions have finished (a dialog's or a
 * toast's opening), the endless ones (a spinner, a skeleton's pulse) aside: what is measured or
 * shot after it is the screen at rest, without a fixed wait.
 */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** SCREENS=1 (make screens) writes the specs' PNGs for a person to look at; make test does not. */
export const writeScreens = Boolean(process.env.SCREENS)

/** screenshot writes a PNG of the page, settled, when SCREENS is set; otherwise it does nothing. */
export async function screenshot(page: Page, options: { path: string; fullPage?: boolean }) {
  if (!writeScreens) return
  await settled(page)
  await page.screenshot(options)
}

/**
 * dismissEach answers `button` to each prompt in turn until none is left: after each answer it
 * waits until that prompt is gone (the next, if any, shows in the same update), not a fixed time.
 */
export async function dismissEach(prompts: Locator, button: string) {
  while ((await prompts.count()) > 0) {
    const text = (await prompts.first().textContent()) ?? ''
    await prompts.first().getByRole('button', { name: button }).click()
    await expect(prompts.filter({ hasText: text })).toHaveCount(0)
  }
}

/** Creates an account through the register page and waits for the dashboard. */
export async function register(page: Page, name: string, email: string, password = strongPassword) {
  await page.goto('/register')
  await page.getByLabel('Nome').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('checkbox', { name: /Li e aceito os termos de uso/ }).check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** Signs in through the login page. */
export async function signIn(page: Page, email: string, password = strongPassword) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/** A professional's API body: working the store's hours, every 30 minutes, no photos. */
export function professionalBody(name: string, role = 'Cabeleireira') {
  return {
    name,
    role,
    specialties: [] as string[],
    calendarType: 'app',
    workingHours: null,
    bookingInterval: 30,
    googleCalendarEmbed: null,
    photos: [] as string[],
    commissionPct: 0,
  }
}

/** call sends one API request as an owner and expects success; answers the JSON body. */
export async function call<T>(api: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const response = await api.fetch(`/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy()
  return (response.status() === 204 ? undefined : await response.json()) as T
}

/** The store's date (America/Sao_Paulo) `days` from today, "2026-12-12". */
export function storeDate(days = 0) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
}

/** The store's wall-clock time now, "17:05". */
export function storeTime() {
  return new Date().toLocaleTimeString('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
}

/** sizedContext opens a Brazilian browser at a screen size: a phone (touch) or a computer. */
export function sizedContext(
  browser: Browser,
  baseURL: string | undefined,
  size: { width: number; height: number; phone: boolean },
  extra: BrowserContextOptions = {},
) {
  return browser.newContext({
    baseURL,
    viewport: { width: size.width, height: size.height },
    isMobile: size.phone,
    hasTouch: size.phone,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...extra,
  })
}

/** Accounts the e2e server makes admins when they sign up (AGENDO_ADMIN_EMAILS). */
export const ADMIN_EMAILS = ['admin@agendo.test', 'admin-longos@agendo.test']

/** The e2e server's AGENDO_BILLING_WEBHOOK_SECRET: the tests sign Stripe's events with it. */
export const WEBHOOK_SECRET = 'whsec_e2e_0123456789abcdef'

/** stripeSignature is Stripe's Stripe-Signature header for a body: t=<unix>,v1=<HMAC-SHA256 of "t.body">. */
export function stripeSignature(body: string, t = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** stripeId makes an id in Stripe's style: "cus_…", "sub_…". */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** sendStripeEvent posts one signed event, in Stripe's format, to the billing webhook and expects 200. */
export async function sendStripeEvent(api: APIRequestContext, type: string, object: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000)
  const body = JSON.stringify({
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-07-29.dahlia',
    created: now,
    type,
    data: { object },
  })
  const response = await api.post('/api/v1/webhooks/billing', {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(body, now) },
    data: body,
  })
  expect(response.status(), `${type}: ${await response.text()}`).toBe(200)
}

/** A Stripe customer and subscription, made Premium for one of our users. */
export type Subscription = { customer: string; subscription: string }

/** subscribePremium is Stripe telling us a checkout for `userId` was paid: the owner becomes Premium. */
export async function subscribePremium(api: APIRequestContext, userId: string): Promise<Subscription> {
  const sub = { customer: stripeId('cus'), subscription: stripeId('sub') }
  await sendStripeEvent(api, 'checkout.session.completed', {
    id: stripeId('cs_test'),
    object: 'checkout.session',
    client_reference_id: userId,
    customer: sub.customer,
    subscription: sub.subscription,
    payment_status: 'paid',
    mode: 'subscription',
    status: 'complete',
  })
  return sub
}

/** cancelPremium is Stripe telling us the subscription ended at the customer's request. */
export async function cancelPremium(api: APIRequestContext, sub: Subscription) {
  await sendStripeEvent(api, 'customer.subscription.deleted', {
    id: sub.subscription,
    object: 'subscription',
    customer: sub.customer,
    status: 'canceled',
    cancellation_details: { reason: 'cancellation_requested' },
    items: { object: 'list', data: [{ id: stripeId('si'), current_period_end: Math.floor(Date.now() / 1000) }] },
  })
}

/** userIdOf answers the signed-in owner's user id (GET /api/v1/profile). */
export async function userIdOf(api: APIRequestContext, token: string) {
  return (await call<{ id: string }>(api, token, 'GET', '/profile')).id
}
