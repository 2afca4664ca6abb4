/**
 * PublicPageSkeleton holds the shape of a public page (hero, then the first card) while its
 * code and data arrive. It is the routes' hydrate fallback, so it ships in the entry chunk:
 * keep it this small.
 */
export function PublicPageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Carregando">
      <div className="h-72 animate-pulse bg-muted" />
      <div className="mx-auto -mt-12 max-w-5xl px-4 sm:px-6">
        <div className="h-80 rounded-2xl border bg-card shadow-sm" />
      </div>
    </div>
  )
}
