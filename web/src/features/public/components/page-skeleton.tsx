// The server paints a store's hero into the page before the app runs
// (internal/httpapi/prerender.go). Read once, before React first renders into the root and
// replaces it: the skeleton shows that hero instead of a grey block, so the store's name and
// colours stay on screen from the first paint until the page takes over.
const served = document.querySelector('#root > [data-prerendered]')?.outerHTML

/**
 * PublicPageSkeleton holds the shape of a public page (hero, then the first card) while its
 * code and data arrive. It is the routes' hydrate fallback, so it ships in the entry chunk:
 * keep it this small.
 */
export function PublicPageSkeleton() {
  if (served) return <div dangerouslySetInnerHTML={{ __html: served }} />
  return (
    <div aria-busy="true" aria-label="Carregando">
      <div className="h-72 animate-pulse bg-muted" />
      <div className="mx-auto -mt-12 max-w-5xl px-4 sm:px-6">
        <div className="h-80 rounded-2xl border bg-card shadow-sm" />
      </div>
    </div>
  )
}
