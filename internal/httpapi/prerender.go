package httpapi

import (
	"html/template"
	"strings"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// storeHero is the top of a store's page, painted by the server so a phone
// shows the store's name, description and colours as soon as the HTML and the
// CSS arrive, before the app's code has run (DESIGN.md section 12: LCP). The
// app's loading state keeps showing it (web/src/features/public/components/
// page-skeleton.tsx) until the page replaces it with its own hero.
//
// It mirrors StoreView's header in web/src/features/public/components/
// store-page.tsx class for class: change one, change the other.
// TestStoreHeroMatchesTheApp keeps their classes equal.
var storeHero = template.Must(template.New("hero").Parse(`<div data-prerendered class="pb-20 sm:pb-0">` +
	`<header class="relative overflow-hidden text-white" style="background-image: {{.Gradient}}">` +
	`<div aria-hidden="true" class="absolute -top-12 -right-8 size-40 rounded-full bg-white/10 blur-2xl"></div>` +
	`<div class="relative mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 sm:pb-24">` +
	`<div class="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">` +
	`<span class="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-white/20 text-2xl font-semibold ring-4 ring-white/30">` +
	`{{if .Logo}}<img src="{{.Logo}}/thumb" alt="Logo {{.Name}}" width="80" height="80" class="size-full object-cover">{{else}}<span aria-hidden="true">{{.Initials}}</span>{{end}}</span>` +
	`<div class="min-w-0"><h1 class="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{{.Name}}</h1>` +
	`{{if .Description}}<p class="mt-2 max-w-xl text-white/90">{{.Description}}</p>{{end}}</div></div>` +
	`<div class="mt-6 flex flex-wrap justify-center gap-3 sm:justify-start">` +
	`{{if .CanBook}}<span class="hidden h-11 items-center justify-center gap-2 rounded-full bg-white px-6 font-semibold text-foreground shadow-sm sm:inline-flex">` +
	`<svg class="size-5 text-primary" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
	`<path d="M8 2v3M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18m-12 6 2 2 4-4"/></svg>Agendar horário</span>{{end}}` +
	`{{if .WhatsApp}}<span class="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-white/15 px-5 font-medium ring-1 ring-white/40">` +
	`<svg class="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
	`<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/></svg>WhatsApp</span>{{end}}` +
	`</div></div></header></div>`))

// renderStoreHero paints the hero of page, or returns "" if it cannot.
func renderStoreHero(page app.PublicStore) string {
	st := page.Store
	if !domain.ValidHeroGradient(st.HeroGradient) {
		return ""
	}
	logo := "" // a /files/{id} path: the app stores no other
	if st.Logo != nil {
		logo = *st.Logo
	}
	var b strings.Builder
	err := storeHero.Execute(&b, map[string]any{
		"Gradient":    template.CSS(st.HeroGradient), // the pattern above admits nothing else
		"Logo":        logo,
		"Name":        st.Name,
		"Initials":    initialsOf(st.Name),
		"Description": st.Description,
		"CanBook":     len(page.Services) > 0,
		"WhatsApp":    hasWhatsapp(st),
	})
	if err != nil {
		return ""
	}
	return b.String()
}

// hasWhatsapp: the page shows a WhatsApp button when the store's WhatsApp
// (or, without one, its phone) has at least 8 digits, as storeWhatsapp in
// web/src/features/public/components/links.ts decides.
func hasWhatsapp(st app.PublicStoreInfo) bool {
	number := strings.TrimSpace(st.SocialMedia.Whatsapp)
	if number == "" {
		number = strings.TrimSpace(st.Phone)
	}
	digits := 0
	for _, c := range number {
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	return digits >= 8
}

// initialsOf: "Ana Paula Souza" → "AS", as initialsOf in
// web/src/features/public/components/labels.ts.
func initialsOf(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return ""
	}
	first := []rune(words[0])[:1]
	if len(words) > 1 {
		first = append(first, []rune(words[len(words)-1])[0])
	}
	return strings.ToUpper(string(first))
}
