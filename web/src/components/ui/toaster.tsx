import { Toaster as Sonner } from 'sonner'

/**
 * Toaster is the main toaster: one toast at a time, 5 s by default, F8 focuses it, swipe right
 * dismisses it (SPEC.md section 9).
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      style={{ fontFamily: 'inherit' }}
    />
  )
}
