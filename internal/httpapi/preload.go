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

	"agendo/internal/domain"
)

// publicPage is what the server adds to index.html for a public page. Its
// route's code and its data are announced in the HTML, so both download
// alongside the app's entry instead of one round trip after another, which
// on a phone's 4G is most of the time to the first paint (DESIGN.md section
// 12); its head names it where its link is shared.
type publicPage struct {
	prefix  string   // the page's path up to its one parameter
	param   string   // the parameter's name, for logs
	modules []string // the route's code: keys of the Vite manifest
	data    string   // the API path the page loads first, up to the parameter
	head    pageHead // the page's title and link preview
	noindex bool     // kept out of search engines (header and meta)
}

var publicPages = []publicPage{
	{prefix: "/store/", param: "slug", modules: []string{"src/app/routes/public/store.tsx", "src/app/routes/public/loaders.ts"},
		data: "/api/v1/public/stores/", head: (*Server).storeHead},
	{prefix: "/profissional/", param: "id", modules: []string{"src/app/routes/public/professional.tsx", "src/app/routes/public/loaders.ts"},
		data: "/api/v1/public/professionals/", head: (*Server).professionalHead},
	// A customer's manage link: its page names nothing, since the link is the customer's alone.
	{prefix: domain.ManagePath, param: "token", modules: []string{"src/app/routes/public/manage.tsx"},
		data: "/api/v1/public/bookings/", head: (*Server).manageHead, noindex: true},
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
	for _, p := range publicPages {
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

// publicPageHTML returns index.html as the public page at the request's
// path wants it, if it is one: with its code, its data fetched as the app
// will fetch it (same URL, same credentials mode, so the browser reuses the
// answer), its title and link preview, and what the server paints before the
// app runs. HEAD, which gets no body, gets the plain index.
func (s *Server) publicPageHTML(w http.ResponseWriter, r *http.Request, index []byte, links map[string]string) []byte {
	for _, p := range publicPages {
		param, ok := strings.CutPrefix(r.URL.Path, p.prefix)
		if !ok || !isPathParam(param) {
			continue
		}
		head := links[p.prefix] + `<link rel="preload" as="fetch" crossorigin href="` + p.data + html.EscapeString(param) + `">`
		if p.noindex {
			w.Header().Set("X-Robots-Tag", "noindex")
			head = `<meta name="robots" content="noindex">` + head
		}
		if r.Method != http.MethodGet {
			return index
		}
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

// manageHead titles a manage link's page without naming anyone.
func (s *Server) manageHead(context.Context, string) (string, string) {
	return `<title>Seu agendamento</title>`, ""
}

// imageURL is an uploaded file's absolute address (the app stores only
// /files/{id} paths), or "" without one.
func (s *Server) imageURL(path *string) string {
	if path == nil {
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
