import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'

import { AppProvider } from './app/provider'
import { AppRouter } from './app/router'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('Elemento #root não encontrado')

function start(el: HTMLElement) {
  // startTransition lets React render the first screen in slices that yield to the browser,
  // instead of one long task a phone's tap would wait behind.
  startTransition(() => {
    createRoot(el).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    )
  })
}

// A store page arrives with its hero painted by the server (internal/httpapi/prerender.go):
// let the browser show it before the app's code takes the main thread. When the code is
// already cached it would otherwise run first and hold the first paint back.
if (root.querySelector('[data-prerendered]')) requestAnimationFrame(() => setTimeout(() => start(root), 0))
else start(root)
