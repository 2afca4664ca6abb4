package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"agendo/internal/domain"
)

// spaHandler serves the built web app. Hashed assets are immutable; the
// HTML is never cached, so a deploy is picked up on the next load. Paths
// that are not files get index.html (the app routes them), except under
// /api and /files, which answer a JSON 404.
func (s *Server) spaHandler() http.Handler {
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json; charset=utf-8")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == "/api" || strings.HasPrefix(p, "/api/") || p == "/files" || strings.HasPrefix(p, "/files/") {
			s.writeError(w, r, domain.Errorf(domain.CodeNotFound, "Endereço não encontrado"))
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Método não permitido", http.StatusMethodNotAllowed)
			return
		}
		if s.spa == nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "O app web não foi compilado: rode `make build`.\n")
			return
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if name != "" && name != "index.html" {
			if f, err := s.spa.Open(name); err == nil {
				st, err := f.Stat()
				f.Close()
				if err == nil && !st.IsDir() {
					if strings.HasPrefix(name, "assets/") {
						w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					} else {
						w.Header().Set("Cache-Control", "public, max-age=3600")
					}
					http.ServeFileFS(w, r, s.spa, name)
					return
				}
			}
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r) // a missing asset must not answer HTML
				return
			}
		}
		index, err := fs.ReadFile(s.spa, "index.html")
		if err != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "O app web não foi compilado: rode `make build`.\n")
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}
