import { useRef } from 'react'

// Focus goes back to the control that opened a dialog when it closes (WCAG 2.4.3). Radix does
// this only for its own Dialog.Trigger; our dialogs open from state, so each remembers its
// opener. When the opener has gone with another dialog (Ajuda in the menu drawer, Editar in an
// appointment's details), focus goes to what opened that one.

const openers = new WeakMap<Element, HTMLElement[]>()
/** Where focus would return for what was pressed last, worked out while it was on the page. */
let pressed: HTMLElement[] = []

const focusable = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]'

if (typeof document !== 'undefined') {
  // Safari does not focus a button on a click or a tap, and a control may leave the page with
  // the menu it was in before the dialog it opens mounts: remember what was pressed.
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(focusable) : null
    if (target instanceof HTMLElement) pressed = openersFor(target)
  }
  document.addEventListener('pointerdown', remember, true)
  document.addEventListener('keydown', remember, true)
}

/** currentOpeners lists where focus may return for a dialog opening now, the likeliest first. */
export function currentOpeners(): HTMLElement[] {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) return openersFor(active)
  return pressed
}

/** currentOpener is the control that is opening a dialog now, when it is still on the page. */
export function currentOpener(): HTMLElement | null {
  return currentOpeners().find((el) => el.isConnected) ?? null
}

/** openersFor lists where focus may return for a dialog opened by `opener`, the likeliest first. */
function openersFor(opener: HTMLElement): HTMLElement[] {
  const outer = opener.closest('[data-return-focus]')
  return [opener, ...(outer ? (openers.get(outer) ?? []) : [])]
}

/** rememberOpeners stores a dialog's openers on its content element, for a dialog it opens. */
export function rememberOpeners(content: Element, list: HTMLElement[]) {
  openers.set(content, list)
}

/**
 * returnFocus focuses the first opener still on the page. It leaves focus alone while another
 * dialog is open that the opener is not in (one dialog handing over to the next); an opener
 * inside the open dialog gets it back (a prompt over a form returns to the form).
 */
export function returnFocus(list: HTMLElement[]): boolean {
  const target = list.find((el) => el.isConnected && !el.closest('[inert]'))
  if (!target) return false
  const open = Array.from(document.querySelectorAll('[data-return-focus][data-state="open"]'))
  if (open.some((dialog) => !dialog.contains(target))) return false
  target.focus({ preventScroll: true })
  return document.activeElement === target
}

type AutoFocusEvent = { preventDefault: () => void; defaultPrevented: boolean; target: EventTarget | null }

/**
 * useReturnFocus gives a Radix Dialog.Content the props that return focus to its opener; the
 * content's own onOpenAutoFocus and onCloseAutoFocus still run first.
 */
export function useReturnFocus<E extends AutoFocusEvent>({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: (event: E) => void
  onCloseAutoFocus?: (event: E) => void
}) {
  const list = useRef<HTMLElement[]>([])
  return {
    'data-return-focus': '',
    onOpenAutoFocus: (event: E) => {
      list.current = currentOpeners()
      if (event.target instanceof Element) rememberOpeners(event.target, list.current)
      onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event: E) => {
      onCloseAutoFocus?.(event)
      if (event.defaultPrevented) return
      event.preventDefault()
      returnFocus(list.current)
    },
  }
}
