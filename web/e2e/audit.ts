import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// The checks every screen of the app goes through (e2e/every-screen.spec.ts): the page fits
// the screen's width, axe-core finds nothing serious or critical, and on a phone every control
// is at least 44 × 44 px. Each returns what it found, so one run reports every screen at once.

/** How far the page and its widest element reach past the screen's right or left edge. */
export type Overflow = { scrollWidth: number; innerWidth: number; offenders: string[] }

/**
 * overflow measures `document.documentElement.scrollWidth` and lists the elements that reach
 * past the screen's edges. An element counts only where it shows: the part an ancestor clips
 * (overflow hidden or a scroll box) does not, nor do visually hidden (1 px) elements.
 */
export async function overflow(page: Page, screenWidth: number): Promise<Overflow> {
  return page.evaluate((screenWidth) => {
    // A phone browser zooms out to show a page wider than its screen, which widens innerWidth
    // with the page: compare with the screen's width instead.
    const width = Math.min(window.innerWidth, screenWidth)
    const offenders: string[] = []
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : ''
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`
    }
    const clipsX = (el: Element) => getComputedStyle(el).overflowX !== 'visible'
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      if (r.right <= width + 0.5 && r.left >= -0.5) continue
      let left = r.left
      let right = r.right
      const fixed = getComputedStyle(el).position === 'fixed'
      for (let a = fixed ? null : el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (a !== document.body && clipsX(a)) {
          const ar = a.getBoundingClientRect()
          left = Math.max(left, ar.left)
          right = Math.min(right, ar.right)
        }
        if (getComputedStyle(a).position === 'fixed') break
      }
      if (right > width + 0.5 || left < -0.5) {
        if (right - left <= 0) continue
        // Report the outermost element that overflows, not each of its children.
        const parent = el.parentElement
        const pr = parent?.getBoundingClientRect()
        if (parent && parent !== document.body && pr && (pr.right > width + 0.5 || pr.left < -0.5) && !clipsX(parent)) continue
        offenders.push(`${describe(el)} spans ${Math.round(left)}–${Math.round(right)} px`)
      }
    }
    // A dialog or the page's main area that scrolls sideways hides its right side as well.
    for (const box of Array.from(document.querySelectorAll('main,[role="dialog"],[role="alertdialog"]'))) {
      if (box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1) {
        offenders.push(`${describe(box)} scrolls sideways: ${box.scrollWidth} px in ${box.clientWidth} px`)
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders: offenders.slice(0, 8) }
  }, screenWidth)
}

/** One axe-core rule that failed, with how many nodes and where. */
export type AxeFinding = { id: string; impact: string; nodes: number; help: string; targets: string[] }

/**
 * The axe-core that @axe-core/playwright pins, read once. Its AxeBuilder evaluated these 650 KB
 * twice per check and opened a blank page to finish each run; the walk checks hundreds of screens,
 * so axe here is put in a page once and run there directly (the app has no frames to cross).
 */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
)

type AxeViolation = {
  id: string
  impact?: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/** axe runs axe-core on the page, or on the dialog open on it, and keeps serious and critical findings. */
export async function axe(page: Page): Promise<AxeFinding[]> {
  // With a dialog open, only the dialog: the page behind is checked on its own, and skipping it
  // halves the run. Only violations are read; skipping the passes' details speeds it up too.
  const dialog = await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('[data-axe-scope]'))) el.removeAttribute('data-axe-scope')
    const open = Array.from(document.querySelectorAll('[role="dialog"],[role="alertdialog"]')).filter(
      (d) => d.getBoundingClientRect().width > 0,
    )
    open.at(-1)?.setAttribute('data-axe-scope', '')
    return open.length > 0
  })
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async (scoped) => {
    const { axe } = window as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> }
    }
    const results = await axe.run(scoped ? { include: [['[data-axe-scope]']] } : document, { resultTypes: ['violations'], iframes: false })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }))
  }, dialog)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
}

/** A control smaller than 44 × 44 px. */
export type SmallTarget = { what: string; width: number; height: number }

/**
 * smallTargets lists the visible controls under `min` px in either direction (WCAG 2.5.5).
 * A checkbox, radio, colour or file input is measured with its label, which takes the tap too. Links inside a
 * sentence are exempt (WCAG 2.5.8's inline exception); with a dialog open, only the dialog
 * counts, as the page behind takes no taps.
 */
export async function smallTargets(page: Page, min = 44): Promise<{ small: SmallTarget[]; smallest: number }> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="radio"]',
      '[role="option"]',
      '[role="menuitem"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',')
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"],[role="alertdialog"]')).filter(
      (d) => d.getBoundingClientRect().width > 0,
    )
    const scope: ParentNode = dialogs.at(-1) ?? document
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      const parent = el.parentElement
      if (!parent) return false
      const own = (el.textContent ?? '').trim().length
      return (parent.textContent ?? '').trim().length > own + 1
    }
    const small: { what: string; width: number; height: number }[] = []
    let smallest = Infinity
    for (const el of Array.from(scope.querySelectorAll(selector))) {
      if (el.closest('[inert],[aria-hidden="true"]')) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      if ((el as HTMLButtonElement).disabled) continue
      let r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue // visually hidden until focused
      if (el instanceof HTMLInputElement && ['checkbox', 'radio', 'color', 'file'].includes(el.type)) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null)
        if (label) {
          const lr = label.getBoundingClientRect()
          r = new DOMRect(
            Math.min(r.left, lr.left),
            Math.min(r.top, lr.top),
            Math.max(r.right, lr.right) - Math.min(r.left, lr.left),
            Math.max(r.bottom, lr.bottom) - Math.min(r.top, lr.top),
          )
        }
      }
      if (inSentence(el)) continue
      const size = Math.min(r.width, r.height)
      smallest = Math.min(smallest, size)
      if (r.width + 0.5 < min || r.height + 0.5 < min) {
        const name =
          el.getAttribute('aria-label') ??
          (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) ??
          ''
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase()
        small.push({ what: `${role} "${name || el.getAttribute('type') || ''}"`, width: Math.round(r.width), height: Math.round(r.height) })
      }
    }
    return { small, smallest: smallest === Infinity ? 0 : Math.round(smallest * 10) / 10 }
  }, min)
}

/**
 * crowdedCancels lists the 'Cancelar' status buttons that sit closer than `min` px to a
 * 'Concluir' or 'Confirmar' of the same appointment, where a thumb aiming at one hits the other.
 */
export async function crowdedCancels(page: Page, min = 16): Promise<string[]> {
  return page.evaluate((min) => {
    const name = (el: Element) => el.getAttribute('aria-label') ?? (el.textContent ?? '').trim()
    const out: string[] = []
    for (const group of Array.from(document.querySelectorAll('[role="group"][aria-label="Mudar status"]'))) {
      const buttons = Array.from(group.querySelectorAll('button')).filter((b) => b.getBoundingClientRect().width > 0)
      const cancel = buttons.find((b) => name(b) === 'Cancelar')
      if (!cancel) continue
      const c = cancel.getBoundingClientRect()
      for (const b of buttons) {
        if (!['Concluir', 'Confirmar'].includes(name(b))) continue
        const r = b.getBoundingClientRect()
        const dx = Math.max(0, r.left - c.right, c.left - r.right)
        const dy = Math.max(0, r.top - c.bottom, c.top - r.bottom)
        const gap = Math.hypot(dx, dy)
        if (gap < min) out.push(`'Cancelar' ${Math.round(gap)} px from '${name(b)}'`)
      }
    }
    return out
  }, min)
}

/**
 * primaryActions finds the screen's primary actions and lists those not wholly inside the
 * viewport without scrolling. A primary action is what a screen marks `data-primary-action`
 * (each booking step's first choice, 'Confirmar agendamento', a store's contact when it takes no
 * online bookings), and the submit button of a form in an open dialog (the dashboard's forms).
 * With a dialog open, only the dialog counts.
 */
export async function primaryActions(page: Page): Promise<{ found: number; offscreen: string[] }> {
  return page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"],[role="alertdialog"]')).filter(
      (d) => d.getBoundingClientRect().width > 0,
    )
    const scope: ParentNode = dialogs.at(-1) ?? document
    const marked = Array.from(scope.querySelectorAll('[data-primary-action]'))
    const submits = dialogs.length > 0 ? Array.from(scope.querySelectorAll('form button[type="submit"], button[type="submit"][form]')) : []
    const seen = new Set<Element>()
    const offscreen: string[] = []
    let found = 0
    for (const el of [...marked, ...submits]) {
      if (seen.has(el)) continue
      seen.add(el)
      if (el.closest('[inert],[aria-hidden="true"]')) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      found++
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth + 0.5) {
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
        offscreen.push(`"${name}" at y ${Math.round(r.top)}–${Math.round(r.bottom)} of ${window.innerHeight}`)
      }
    }
    return { found, offscreen }
  })
}

/**
 * consentsWithoutSentence lists the checkboxes and switches whose accessible name does not say
 * what they consent to: empty, or only hints ('Opcional. Os lembretes… chegam de qualquer
 * forma.'), the sentence itself missing.
 */
export async function consentsWithoutSentence(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hint = /^(opcional|desmarque|os lembretes|você pode sair|pode sair|sem compromisso)/i
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
    const nameOf = (el: Element) => {
      const by = el.getAttribute('aria-labelledby')
      if (by) return by.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ').trim()
      const label = el.getAttribute('aria-label')
      if (label) return label.trim()
      // <label for> names an input and a button (a switch) alike.
      const labels = (el as HTMLInputElement).labels
      if (labels && labels.length > 0) return Array.from(labels).map((l) => text(l)).join(' ').trim()
      return text(el) || (el.getAttribute('title') ?? '').trim()
    }
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll('input[type="checkbox"],[role="checkbox"],[role="switch"]'))) {
      if (el.closest('[inert],[aria-hidden="true"]')) continue
      const box = el instanceof HTMLInputElement && el.labels?.[0] ? el.labels[0] : el
      const r = box.getBoundingClientRect()
      if (r.width <= 1 && r.height <= 1) continue
      const name = nameOf(el)
      const sentences = name.split(/(?<=[.!?…])\s+/).filter((s) => s.trim())
      if (sentences.length === 0 || sentences.every((s) => hint.test(s.trim()))) {
        out.push(`${el.getAttribute('role') ?? 'checkbox'} named "${name.slice(0, 80)}"`)
      }
    }
    return out
  })
}
