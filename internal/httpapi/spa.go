package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
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
	_ = mime.AddExtensionType(".svg", "image/svg+xml; charset=utf-8")
	var links map[string]string
	if s.spa != nil {
		links = routeLinks(s.spa)
	}
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
					switch {
					case strings.HasPrefix(name, "assets/"):
						w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					case name == "sw.js": // a new deploy's worker is found at once
						w.Header().Set("Cache-Control", "no-cache")
					default:
						w.Header().Set("Cache-Control", "public, max-age=3600")
					}
					s.serveFile(w, r, name)
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
		page := s.publicPageHTML(w, r, index, links)
		w.Header().Add("Vary", "Accept-Encoding")
		if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
			// The page is made per request (a store's hero and tags), so it is compressed here:
			// a phone on 4G gets it in fewer round trips, before the CSS it waits on.
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
			_, _ = zw.Write(page)
			_ = zw.Close()
			page = b.Bytes()
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", strconv.Itoa(len(page)))
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(page))
	})
}

// precompressed lists the encodings the web build writes beside each
// compressible file (web/scripts/precompress.mjs), best first.
var precompressed = []struct{ encoding, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile sends name, or its precompressed sibling when the client accepts
// that encoding, so a phone on 4G downloads a fraction of the bytes and the
// server spends no CPU compressing.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	accept := r.Header.Get("Accept-Encoding")
	varies := false
	for _, c := range precompressed {
		f, err := s.spa.Open(name + c.ext)
		if err != nil {
			continue
		}
		if !varies {
			w.Header().Add("Vary", "Accept-Encoding")
			varies = true
		}
		body, seekable := f.(io.ReadSeeker)
		if !seekable || !acceptsEncoding(accept, c.encoding) {
			f.Close()
			continue
		}
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", c.encoding)
		// ServeContent leaves the length out of encoded answers (it sets it for ranges).
		if st, err := f.Stat(); err == nil {
			w.Header().Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		}
		http.ServeContent(w, r, name, time.Time{}, body)
		f.Close()
		return
	}
	http.ServeFileFS(w, r, s.spa, name)
}

// acceptsEncoding reports whether an Accept-Encoding header (RFC 9110
// section 12.5.3) admits enc: named with a q-value above zero, or, when not
// named, covered by a * above zero.
func acceptsEncoding(header, enc string) bool {
	named, star := 0, 0 // 0 unseen, 1 refused, 2 accepted
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.TrimSpace(coding)
		verdict := 2
		if q, ok := strings.CutPrefix(strings.ToLower(strings.ReplaceAll(params, " ", "")), "q="); ok {
			if strings.Trim(q, "0.") == "" {
				verdict = 1
			}
		}
		switch {
		case strings.EqualFold(coding, enc):
			named = max(named, verdict)
		case coding == "*":
			star = max(star, verdict)
		}
	}
	if named != 0 {
		return named == 2
	}
	return star == 2
}
