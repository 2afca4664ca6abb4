package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"slices"
	"strings"
)

// pagePreload is what a public page needs before it can paint: its route's
// code and its data. Announced in the HTML, both download alongside the app's
// entry instead of one round trip after another, which on a phone's 4G is
// most of the time to the first paint (DESIGN.md section 12).
type pagePreload struct {
	prefix  string   // the page's path up to its one parameter
	modules []string // the route's code: keys of the Vite manifest
	data    string   // the API path the page loads first, up to the parameter
	head    pageHead // the page's title and link preview
}

var pagePreloads = []pagePreload{
	{"/store/", []string{"src/app/routes/public/store.tsx", "src/app/routes/public/loaders.ts"}, "/api/v1/public/stores/", (*Server).storeHead},
	{"/profissional/", []string{"src/app/routes/public/professional.tsx", "src/app/routes/public/loaders.ts"}, "/api/v1/public/professionals/", (*Server).professionalHead},
	{"/agendamento/", []string{"src/app/routes/public/manage.tsx"}, "/api/v1/public/bookings/", (*Server).manageHead},
}

// viteChunk is one entry of the build's .vite/manifest.json.
type viteChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
}

// routeLinks reads the build manifest once and returns, per page prefix, the
// <link> tags for the route's code that index.html does not already load.
// Without a manifest (a build without one, or tests) pages get none.
func routeLinks(spa fs.FS) map[string]string {
	links := map[string]string{}
	raw, err := fs.ReadFile(spa, ".vite/manifest.json")
	if err != nil {
		return links
	}
	var manifest map[string]viteChunk
	if json.Unmarshal(raw, &manifest) != nil {
		return links
	}
	// closure lists the files a chunk pulls in through static imports.
	closure := func(keys []string) []string {
		var files []string
		seen := map[string]bool{}
		var visit func(string)
		visit = func(key string) {
			chunk, ok := manifest[key]
			if seen[key] || !ok {
				return
			}
			seen[key] = true
			files = append(files, chunk.File)
			files = append(files, chunk.CSS...)
			for _, k := range chunk.Imports {
				visit(k)
			}
		}
		for _, k := range keys {
			visit(k)
		}
		return files
	}
	loaded := closure([]string{"index.html"})
	for _, p := range pagePreloads {
		var b strings.Builder
		for _, f := range closure(p.modules) {
			if slices.Contains(loaded, f) {
				continue
			}
			if strings.HasSuffix(f, ".css") {
				b.WriteString(`<link rel="stylesheet" crossorigin href="/` + html.EscapeString(f) + `">`)
			} else {
				b.WriteString(`<link rel="modulepreload" crossorigin href="/` + html.EscapeString(f) + `">`)
			}
		}
		links[p.prefix] = b.String()
	}
	return links
}

// withPreloads returns index.html with the head of the public page at path,
// if it is one: its code, its data fetched as the app will fetch it (same
// URL, same credentials mode, so the browser reuses the answer), and its
// title and link preview (not for HEAD, which gets no body).
func (s *Server) withPreloads(r *http.Request, index []byte, links map[string]string) []byte {
	if r.Method != http.MethodGet {
		return index
	}
	for _, p := range pagePreloads {
		param, ok := strings.CutPrefix(r.URL.Path, p.prefix)
		if !ok || !isPathParam(param) {
			continue
		}
		head := links[p.prefix] + `<link rel="preload" as="fetch" crossorigin href="` + p.data + html.EscapeString(param) + `">`
		page := string(index)
		meta, root := p.head(s, r.Context(), param)
		if meta != "" {
			page = dropElement(dropElement(page, "<title>", "</title>"), `<meta name="description"`, ">")
			head = meta + head
		}
		if root != "" {
			page = strings.Replace(page, `<div id="root"></div>`, `<div id="root">`+root+`</div>`, 1)
		}
		before, after, ok := strings.Cut(page, "</head>")
		if !ok {
			return index
		}
		return []byte(before + head + "</head>" + after)
	}
	return index
}

// dropElement removes the first text from start to the end that follows it.
func dropElement(page, start, end string) string {
	i := strings.Index(page, start)
	if i < 0 {
		return page
	}
	j := strings.Index(page[i:], end)
	if j < 0 {
		return page
	}
	return page[:i] + page[i+j+len(end):]
}

// pageHead returns the <head> tags that name a public page ("" keeps the
// app's own) and what the server paints in the app's root before the app
// runs ("" for nothing).
type pageHead func(s *Server, ctx context.Context, param string) (head, root string)

// storeHead titles the store's page and gives its link a preview (name,
// description, logo) where it is shared: WhatsApp, Instagram, search.
// Its hero is painted too (prerender.go).
func (s *Server) storeHead(ctx context.Context, slug string) (string, string) {
	page, err := s.app.PublicStore(ctx, slug)
	if err != nil {
		return "", ""
	}
	st := page.Store
	desc := cmp.Or(st.Description, "Agende seu horário online em "+st.Name+".")
	return previewTags(st.Name+" · Agende seu horário", st.Name, desc, s.app.BaseURL()+"/store/"+slug, s.imageURL(st.Logo)),
		renderStoreHero(page)
}

// professionalHead does the same for a professional's page, with a photo.
func (s *Server) professionalHead(ctx context.Context, id string) (string, string) {
	page, err := s.app.PublicProfessional(ctx, id)
	if err != nil {
		return "", ""
	}
	p := page.Professional
	var photo *string
	if len(p.Photos) > 0 {
		photo = &p.Photos[0]
	}
	title := p.Name + " · " + page.Store.Name
	desc := "Agende seu horário com " + p.Name + " em " + page.Store.Name + "."
	if p.Role != "" {
		desc = p.Role + ". " + desc
	}
	return previewTags(title, title, desc, s.app.BaseURL()+"/profissional/"+id, s.imageURL(photo)), ""
}

// manageHead keeps a customer's manage link out of search engines and
// previews: it names nothing, since the link is the customer's alone.
func (s *Server) manageHead(context.Context, string) (string, string) {
	return `<title>Seu agendamento</title><meta name="robots" content="noindex">`, ""
}

// imageURL is an uploaded file's absolute address, or "" without one.
func (s *Server) imageURL(path *string) string {
	if path == nil || !strings.HasPrefix(*path, "/files/") {
		return ""
	}
	return s.app.BaseURL() + *path
}

func previewTags(title, name, desc, url, image string) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<title>` + esc(title) + `</title>`)
	b.WriteString(`<meta name="description" content="` + esc(desc) + `">`)
	b.WriteString(`<meta property="og:type" content="website">`)
	b.WriteString(`<meta property="og:site_name" content="Agendo">`)
	b.WriteString(`<meta property="og:locale" content="pt_BR">`)
	b.WriteString(`<meta property="og:title" content="` + esc(name) + `">`)
	b.WriteString(`<meta property="og:description" content="` + esc(desc) + `">`)
	b.WriteString(`<meta property="og:url" content="` + esc(url) + `">`)
	if image != "" {
		b.WriteString(`<meta property="og:image" content="` + esc(image) + `">`)
	}
	b.WriteString(`<meta name="twitter:card" content="summary">`)
	return b.String()
}

// isPathParam accepts what slugs, ids and manage tokens are made of, so
// nothing a visitor types reaches the HTML but plain URL characters.
func isPathParam(s string) bool {
	if strings.Trim(s, ".") == "" || len(s) > 200 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~') {
			return false
		}
	}
	return true
}
