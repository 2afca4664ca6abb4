// SkipLink is the first stop of the Tab key on every page: it jumps past the menus and the
// header to the page's <main id="conteudo" tabIndex={-1}>. Hidden until it has focus. Plain
// classes (no cn()): the public store page's first load has a budget.

export const CONTENT_ID = 'conteudo'

export function SkipLink() {
  return (
    <a
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        // Without touching the address, which holds the agenda's view and date.
        const main = document.getElementById(CONTENT_ID)
        if (!main) return
        event.preventDefault()
        main.focus()
        main.scrollIntoView({ block: 'start' })
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:inline-flex focus:h-11 focus:items-center focus:rounded-md focus:bg-primary focus:px-4 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lg focus:ring-[3px] focus:ring-ring/50 focus:outline-none"
    >
      Pular para o conteúdo
    </a>
  )
}
