import { Toaster as Sonner } from 'sonner'

import { useMediaQuery } from '@/lib/use-media-query'

// Above the bottom bar (h-16 and the safe area) on a phone or a tablet, with 8 px to spare.
const ABOVE_BOTTOM_BAR = 'calc(env(safe-area-inset-bottom) + 4.5rem)'

/**
 * Toaster is the main toaster: one toast at a time, 5 s by default, F8 focuses it, swipe right
 * dismisses it (SPEC.md section 9). It shows at the foot, never over the page's title in the
 * header nor the message and action a page leads with (issue 23): in the corner on a computer,
 * above the bottom bar below the sidebar's breakpoint.
 */
export function Toaster() {
  const wide = useMediaQuery('(min-width: 1024px)')
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      position={wide ? 'bottom-right' : 'bottom-center'}
      offset={wide ? undefined : { bottom: ABOVE_BOTTOM_BAR }}
      mobileOffset={{ bottom: ABOVE_BOTTOM_BAR, left: 12, right: 12 }}
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      style={{ fontFamily: 'inherit' }}
    />
  )
}
