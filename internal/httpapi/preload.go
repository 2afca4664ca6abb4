package httpapi

import (
	"encoding/json"
	"html"
	"io/fs"
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
}

var pagePreloads = []pagePreload{
	{"/store/", []string{"src/app/routes/public/store.tsx", "src/app/routes/public/loaders.ts"}, "/api/v1/public/stores/"},
	{"/profissional/", []string{"src/app/routes/public/professional.tsx", "src/app/routes/public/loaders.ts"}, "/api/v1/public/professionals/"},
	{"/agendamento/", []string{"src/app/routes/public/manage.tsx", "src/app/routes/public/loaders.ts"}, "/api/v1/public/bookings/"},
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

// withPreloads returns index.html with the links of the public page at path,
// if it is one: its code, and its data fetched as the app will fetch it (same
// URL, same credentials mode), so the browser reuses the answer.
func withPreloads(index []byte, links map[string]string, path string) []byte {
	for _, p := range pagePreloads {
		param, ok := strings.CutPrefix(path, p.prefix)
		if !ok || !isPathParam(param) {
			continue
		}
		head := links[p.prefix] + `<link rel="preload" as="fetch" crossorigin href="` + p.data + html.EscapeString(param) + `">`
		i := strings.Index(string(index), "</head>")
		if i < 0 {
			return index
		}
		return slices.Concat(index[:i], []byte(head), index[i:])
	}
	return index
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
