package httpapi_test

import (
	"regexp"
	"strings"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/httpapi"
)

// canary marks owner A's data; it must appear in no response meant for
// anyone else.
const canary = "CANARIO-A-7f3e"

// isolation is one route's tenant-isolation case (DESIGN.md section 13).
type isolation struct {
	// anon is the status an anonymous caller gets.
	anon int
	// asB is the status owner B gets when aiming at owner A's objects (or,
	// for routes about the caller, at their own); 0 skips B's request.
	asB int
	// body is B's request body.
	body any
	// after checks, as A, that B's request changed nothing of A's.
	after func(t *testing.T, a *client)
	// query names a query string aimed at A's objects.
	query string
	// public marks a customer-facing route: A's published store, team and
	// services are meant for everyone, but never A's clients, blocked-time
	// reasons or profile.
	public bool
}

// isolationCases has one case per route; TestTenantIsolation fails when a
// route of the table has none.
var isolationCases = map[string]isolation{
	"GET /healthz":              {anon: 200, asB: 200},
	"GET /readyz":               {anon: 200, asB: 200},
	"GET /metrics":              {anon: 200, asB: 200},
	"GET /api/v1/openapi.json":  {anon: 200, asB: 200},
	"POST /api/v1/auth/signup":  {anon: 409, asB: 409, body: map[string]string{"name": "B", "email": "b@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}},
	"POST /api/v1/auth/signin":  {anon: 200, asB: 200, body: map[string]string{"email": "b@example.com", "password": testPassword}},
	"POST /api/v1/auth/refresh": {anon: 204, asB: 200},
	"POST /api/v1/auth/signout": {anon: 401, asB: 204, body: map[string]string{"scope": "others"},
		after: func(t *testing.T, a *client) { a.do("GET", "/api/v1/profile", nil).must(t, 200) }},
	"POST /api/v1/auth/recover": {anon: 200, asB: 200, body: map[string]string{"email": "a@example.com"}},
	"POST /api/v1/auth/reset":   {anon: 400, asB: 400, body: map[string]string{"token": "forjado", "password": "nova-senha-forte"}},
	"PUT /api/v1/auth/password": {anon: 401, asB: 400, body: map[string]string{"currentPassword": "errada-errada", "newPassword": "nova-senha-forte"},
		after: func(t *testing.T, a *client) {
			if r := a.e.client().signIn("a@example.com", testPassword); r.Status != 200 {
				t.Errorf("A's password changed by B: sign-in got %d", r.Status)
			}
		}},
	"GET /api/v1/auth/access": {anon: 401, asB: 200},
	"GET /api/v1/profile":     {anon: 401, asB: 200},
	"PATCH /api/v1/profile": {anon: 401, asB: 200, body: map[string]string{"name": "B mudou"},
		after: func(t *testing.T, a *client) {
			if p := a.do("GET", "/api/v1/profile", nil).JSON; p["name"] != "Ana "+canary {
				t.Errorf("A's profile changed by B: %v", p)
			}
		}},
	// About the caller's own account: B exports B's data and cannot ask
	// for anything with a wrong password.
	"GET /api/v1/account/export":   {anon: 401, asB: 200},
	"GET /api/v1/account/deletion": {anon: 401, asB: 200},
	"POST /api/v1/account/deletion": {anon: 401, asB: 422, body: map[string]string{"password": "nao-e-esta"},
		after: func(t *testing.T, a *client) {
			if d := a.do("GET", "/api/v1/account/deletion", nil).must(t, 200).JSON; d["pending"] != false {
				t.Errorf("A's account is being deleted: %v", d)
			}
		}},
	"DELETE /api/v1/account/deletion": {anon: 401, asB: 422},
	"GET /api/v1/store":               {anon: 401, asB: 200},
	"PUT /api/v1/store": {anon: 401, asB: 200, body: validStore("Barbearia do Bruno"),
		after: func(t *testing.T, a *client) {
			if st := a.do("GET", "/api/v1/store", nil).JSON; st["name"] != "Salão "+canary {
				t.Errorf("A's store changed by B: %v", st["name"])
			}
		}},
	"GET /api/v1/onboarding": {anon: 401, asB: 200},
	// B's team is B's alone; A's members, invitations and professionals are
	// not B's to read, invite to, change or remove.
	"GET /api/v1/team":                     {anon: 401, asB: 200},
	"POST /api/v1/team/invitations":        {anon: 401, asB: 422, body: "invite-as-A-professional"},
	"DELETE /api/v1/team/invitations/{id}": {anon: 401, asB: 404, after: expectTeamOfA},
	"PUT /api/v1/team/members/{id}":        {anon: 401, asB: 404, body: map[string]string{"role": "gerente"}, after: expectTeamOfA},
	"DELETE /api/v1/team/members/{id}":     {anon: 401, asB: 404, after: expectTeamOfA},
	// B owns B's store: there is no team to leave, and A's is not B's.
	"POST /api/v1/team/leave":           {anon: 401, asB: 422, after: expectTeamOfA},
	"GET /api/v1/account/personal-data": {anon: 401, asB: 200},
	// B links B's own agenda: A's professional is not B's to link.
	"PUT /api/v1/team/owner": {anon: 401, asB: 422, body: "own-agenda-as-A-professional", after: expectTeamOfA},
	// B's switch is B's store's: A's phones stay hidden from A's professionals.
	"PUT /api/v1/team/settings": {anon: 401, asB: 200, body: map[string]bool{"professionalsSeePhones": true},
		after: func(t *testing.T, a *client) {
			if a.do("GET", "/api/v1/team", nil).must(t, 200).JSON["settings"].(map[string]any)["professionalsSeePhones"] != false {
				t.Error("B's switch showed A's clients' phones")
			}
		}},
	"POST /api/v1/invitations/preview": {anon: 400, asB: 400, body: map[string]string{"token": "forjado"}},
	"POST /api/v1/invitations/accept":  {anon: 401, asB: 400, body: map[string]string{"token": "forjado"}, after: expectTeamOfA},
	"GET /api/v1/stores":               {anon: 401, asB: 200},
	"POST /api/v1/stores/switch":       {anon: 401, asB: 404, body: "switch-to-A"},
	"GET /api/v1/professionals":        {anon: 401, asB: 200},
	// B may not put A's photo on a professional of B's.
	"POST /api/v1/professionals": {anon: 401, asB: 422, body: "professional-with-A-photo"},
	"PUT /api/v1/professionals/{id}": {anon: 401, asB: 404, body: map[string]any{"name": "Tomado por B"},
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/professionals", "Ana "+canary) }},
	"GET /api/v1/professionals/{id}/impact": {anon: 401, asB: 404},
	"DELETE /api/v1/professionals/{id}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/professionals", "Ana "+canary) }},
	"GET /api/v1/services": {anon: 401, asB: 200},
	// B may not assign A's professional to a service of B's.
	"POST /api/v1/services": {anon: 401, asB: 422, body: "service-with-A-professional"},
	"PUT /api/v1/services/{id}": {anon: 401, asB: 404, body: map[string]any{"name": "Tomado por B", "duration": 30},
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/services", "Corte "+canary) }},
	"GET /api/v1/services/{id}/impact": {anon: 401, asB: 404},
	"DELETE /api/v1/services/{id}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/services", "Corte "+canary) }},
	"GET /api/v1/blocked-times": {anon: 401, asB: 200},
	// B may not block A's professional.
	"POST /api/v1/blocked-times": {anon: 401, asB: 422, body: "blocked-time-for-A-professional"},
	"PUT /api/v1/blocked-times/{id}": {anon: 401, asB: 404, body: "blocked-time-for-A-professional",
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/blocked-times", "Folga "+canary) }},
	"DELETE /api/v1/blocked-times/{id}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/blocked-times", "Folga "+canary) }},
	// Uploads need a multipart body: B's JSON is refused before anything is read.
	"POST /api/v1/files": {anon: 401, asB: 415},
	// Uploaded images are public assets (logos and photos appear on the public
	// store page), addressed by unguessable UUIDv7 ids; see docs/decisions.md.
	"GET /files/{id}":           {anon: 200, asB: 200},
	"GET /files/{id}/thumb":     {anon: 200, asB: 200},
	"GET /api/v1/plan":          {anon: 401, asB: 200},
	"GET /api/v1/settings/help": {anon: 401, asB: 200},
	"GET /api/v1/plan/overview": {anon: 401, asB: 200},
	// About the caller's own store: B reads B's count, never A's.
	"GET /api/v1/plan/turned-away": {anon: 401, asB: 200},
	// B's own plan has no reason to clear; A's plan is not B's to touch.
	"POST /api/v1/plan/continue-free": {anon: 401, asB: 409,
		after: func(t *testing.T, a *client) {
			if p := a.do("GET", "/api/v1/plan", nil).JSON; p["type"] != "free" || p["statusReason"] != nil {
				t.Errorf("A's plan changed: %v", p)
			}
		}},
	// Unsigned deliveries are refused whoever sends them.
	"POST /api/v1/webhooks/billing": {anon: 400, asB: 400, body: map[string]any{"id": "evt_forjado", "object": "event",
		"type": "checkout.session.completed", "created": 1, "data": map[string]any{}}},
	// The platform admin's routes: owners are refused (A and B are not admins).
	"GET /api/v1/admin/plan-config":                   {anon: 401, asB: 403},
	"POST /api/v1/admin/plan-config/preview":          {anon: 401, asB: 403, body: domain.DefaultPlanConfig()},
	"PUT /api/v1/admin/plan-config":                   {anon: 401, asB: 403, body: domain.DefaultPlanConfig()},
	"GET /api/v1/admin/webhook-config":                {anon: 401, asB: 403},
	"POST /api/v1/admin/webhook-config/preview":       {anon: 401, asB: 403, body: domain.DefaultWebhookConfig()},
	"PUT /api/v1/admin/webhook-config":                {anon: 401, asB: 403, body: domain.DefaultWebhookConfig()},
	"GET /api/v1/admin/webhook-deliveries":            {anon: 401, asB: 403},
	"GET /api/v1/admin/audit":                         {anon: 401, asB: 403},
	"GET /api/v1/admin/accounts":                      {anon: 401, asB: 403},
	"GET /api/v1/admin/accounts/{id}":                 {anon: 401, asB: 403},
	"POST /api/v1/admin/accounts/{id}/password-reset": {anon: 401, asB: 403, body: map[string]string{"reason": "Pedido de B"}},
	"POST /api/v1/admin/accounts/{id}/lock": {anon: 401, asB: 403, body: map[string]string{"reason": "B quer bloquear A"},
		after: func(t *testing.T, a *client) { a.do("GET", "/api/v1/profile", nil).must(t, 200) }},
	"POST /api/v1/admin/accounts/{id}/unlock": {anon: 401, asB: 403, body: map[string]string{"reason": "B quer desbloquear"}},
	"POST /api/v1/admin/accounts/{id}/premium": {anon: 401, asB: 403, body: map[string]string{"reason": "B quer Premium", "until": "2099-01-01"},
		after: func(t *testing.T, a *client) {
			if p := a.do("GET", "/api/v1/plan", nil).JSON; p["type"] != "free" {
				t.Errorf("A's plan changed by B: %v", p)
			}
		}},
	"POST /api/v1/admin/integrity":    {anon: 401, asB: 403},
	"GET /api/v1/integrity":           {anon: 401, asB: 200},
	"GET /api/v1/admin/help-settings": {anon: 401, asB: 403},
	"PUT /api/v1/admin/help-settings": {anon: 401, asB: 403, body: map[string]string{"websiteUrl": "https://ajuda.example.com", "whatsappNumber": "(11) 91234-5678"},
		after: func(t *testing.T, a *client) {
			if h := a.do("GET", "/api/v1/settings/help", nil).JSON; h["whatsappNumber"] != "" {
				t.Errorf("help settings changed by a non-admin: %v", h)
			}
		}},
	"GET /api/v1/appointments": {anon: 401, asB: 200},
	// B may not book A's professional and service.
	"POST /api/v1/appointments":               {anon: 401, asB: 422, body: "appointment-with-A-catalogue"},
	"GET /api/v1/appointments/{id}":           {anon: 401, asB: 404},
	"PUT /api/v1/appointments/{id}":           {anon: 401, asB: 404, body: "appointment-with-B-catalogue", after: expectAppointment},
	"PATCH /api/v1/appointments/{id}/status":  {anon: 401, asB: 404, body: map[string]string{"status": "cancelled"}, after: expectAppointment},
	"POST /api/v1/appointments/{id}/reminder": {anon: 401, asB: 404, after: expectAppointment},
	"GET /api/v1/appointments/{id}/messages":  {anon: 401, asB: 404},
	"GET /api/v1/store/reminders":             {anon: 401, asB: 200},
	// B's browser subscribes to B's store; turning off an endpoint of A's does nothing to A's.
	"POST /api/v1/push/subscriptions":      {anon: 401, asB: 200, body: pushSubscriptionBody},
	"POST /api/v1/push/subscriptions/stop": {anon: 401, asB: 200, body: map[string]string{"endpoint": "https://push.example/1"}},
	// B's reminders are B's store's: A's stay the day before at 18:00.
	"PUT /api/v1/store/reminders": {anon: 401, asB: 200,
		body: map[string]any{"email": false, "dayBefore": "", "hoursBefore": []int{2}, "quietFrom": "22:00", "quietTo": "07:00", "note": ""},
		after: func(t *testing.T, a *client) {
			if got := a.do("GET", "/api/v1/store/reminders", nil).must(t, 200).JSON; got["dayBefore"] != "18:00" || got["email"] != true {
				t.Errorf("B's settings changed A's reminders: %v", got)
			}
		}},
	"DELETE /api/v1/appointments/{id}": {anon: 401, asB: 404, after: expectAppointment},
	// Calendar feeds are each member's own: B lists B's, cannot follow A's
	// professional, nor revoke A's feed; a forged address reads nothing.
	"GET /api/v1/calendar-feeds":           {anon: 401, asB: 200},
	"POST /api/v1/calendar-feeds":          {anon: 401, asB: 422, body: "calendar-feed-of-A"},
	"DELETE /api/v1/calendar-feeds/{id}":   {anon: 401, asB: 404, after: expectCalendarFeedOfA},
	"GET /api/v1/public/calendars/{token}": {anon: 404, asB: 404},
	// A recurring series: A's catalogue is unknown to B; A's appointment is not found.
	"POST /api/v1/appointments/series/preview":        {anon: 401, asB: 422, body: "series-with-A-catalogue"},
	"POST /api/v1/appointments/series":                {anon: 401, asB: 422, body: "series-with-A-catalogue"},
	"PUT /api/v1/appointments/{id}/following":         {anon: 401, asB: 404, body: "appointment-with-B-catalogue", after: expectAppointment},
	"POST /api/v1/appointments/{id}/following/cancel": {anon: 401, asB: 404, after: expectAppointment},
	"POST /api/v1/appointments/{id}/visit/cancel":     {anon: 401, asB: 404, after: expectAppointment},
	"PUT /api/v1/appointments/{id}/visit":             {anon: 401, asB: 404, body: "visit-move", after: expectAppointment},
	"DELETE /api/v1/appointments/{id}/following":      {anon: 401, asB: 404, after: expectAppointment},
	"GET /api/v1/trash":                               {anon: 401, asB: 200},
	"POST /api/v1/trash/{id}/restore":                 {anon: 401, asB: 404, after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/trash", "Lixo "+canary) }},
	"DELETE /api/v1/trash/{id}":                       {anon: 401, asB: 404, after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/trash", "Lixo "+canary) }},
	"GET /api/v1/availability":                        {anon: 401, asB: 404, query: "availability-of-A"},
	"GET /api/v1/clients":                             {anon: 401, asB: 200},
	"GET /api/v1/clients/{phone}":                     {anon: 401, asB: 404},
	"POST /api/v1/clients": {anon: 401, asB: 201, body: "client-by-B",
		after: func(t *testing.T, a *client) {
			if r := a.do("GET", "/api/v1/clients", nil).must(t, 200); strings.Contains(string(r.Body), "Tomada") || !strings.Contains(string(r.Body), "Cliente "+canary) {
				t.Errorf("B's client reached A's list: %s", r.Body)
			}
		}},
	// Imports: B's list holds B's; A's import cannot be undone by B.
	"POST /api/v1/client-imports/preview": {anon: 401, asB: 415},
	"POST /api/v1/client-imports":         {anon: 401, asB: 415},
	"GET /api/v1/client-imports":          {anon: 401, asB: 200},
	"POST /api/v1/client-imports/{id}/undo": {anon: 401, asB: 404, after: func(t *testing.T, a *client) {
		r := a.do("GET", "/api/v1/client-imports", nil).must(t, 200).JSON
		if items := r["items"].([]any); len(items) != 1 || items[0].(map[string]any)["canUndo"] != true {
			t.Errorf("A's import after B's undo: %v", r)
		}
		expectListed(t, a, "/api/v1/clients", "Importada "+canary)
	}},
	"DELETE /api/v1/clients/{phone}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/clients", "Cliente "+canary) }},
	"PUT /api/v1/clients/{phone}": {anon: 401, asB: 404, body: map[string]string{"name": "Tomado", "phone": "(21) 99999-0000"},
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/clients", "Cliente "+canary) }},
	// B has no client with A's client's phone: nothing to export or erase.
	"GET /api/v1/clients/{phone}/export":     {anon: 401, asB: 404},
	"GET /api/v1/clients/{phone}/export.csv": {anon: 401, asB: 404},
	"POST /api/v1/clients/{phone}/anonymize": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/clients", "Cliente "+canary) }},
	"GET /api/v1/dashboard": {anon: 401, asB: 200},
	// B may not read the figures of A's professional (B's own report holds
	// only B's: TestReportsHoldOnlyTheirOwnersFigures).
	"GET /api/v1/reports":                   {anon: 401, asB: 422, query: "report-of-A-professional"},
	"GET /api/v1/reports/export":            {anon: 401, asB: 422, query: "export-of-A-professional"},
	"GET /api/v1/clients/{phone}/consent":   {anon: 401, asB: 404},
	"POST /api/v1/clients/{phone}/whatsapp": {anon: 401, asB: 404, body: map[string]string{"text": "Oi"}},
	"POST /api/v1/clients/{phone}/consent": {anon: 401, asB: 404, body: map[string]any{"granted": true, "source": "in_person"},
		after: func(t *testing.T, a *client) {
			if c := a.do("GET", "/api/v1/clients/5511988887777/consent", nil).must(t, 200).JSON; c["granted"] != false {
				t.Errorf("B recorded A's client's consent: %v", c)
			}
		}},
	// B asking for A's client finds no card of theirs (B has no such client).
	"GET /api/v1/clients/{phone}/rewards": {anon: 401, asB: 200},
	"GET /api/v1/promotions":              {anon: 401, asB: 200},
	// B may not count visits of A's service.
	"POST /api/v1/promotions": {anon: 401, asB: 422, body: "promotion-of-A-service"},
	"PUT /api/v1/promotions/{id}": {anon: 401, asB: 404, body: map[string]any{"name": "Tomada por B", "type": "count", "targetCount": 5, "reward": "Nada"},
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/promotions", "Promo "+canary) }},
	"DELETE /api/v1/promotions/{id}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/promotions", "Promo "+canary) }},
	"GET /api/v1/promotions/{id}/clients":      {anon: 401, asB: 404},
	"POST /api/v1/promotions/{id}/redemptions": {anon: 401, asB: 404, body: map[string]string{"clientPhone": "(11) 98888-7777"}},
	"DELETE /api/v1/redemptions/{id}": {anon: 401, asB: 404,
		after: func(t *testing.T, a *client) {
			r := a.do("GET", "/api/v1/clients/5511988887777/rewards", nil).must(t, 200).JSON
			if n := len(r["redemptions"].([]any)); n != 1 {
				t.Errorf("A's redemption gone: %d left", n)
			}
		}},
	// B's lists hold B's clients only.
	"GET /api/v1/whatsapp/lists": {anon: 401, asB: 200, query: "inactive-list"},
	"POST /api/v1/whatsapp/contacted": {anon: 401, asB: 204, body: map[string]string{"phone": "(11) 98888-7777"},
		after: func(t *testing.T, a *client) {
			if l := a.do("GET", "/api/v1/whatsapp/lists?kind=reward", nil).must(t, 200).JSON; l["hidden"] != float64(0) {
				t.Errorf("B's contact hid A's client: %v", l)
			}
		}},
	"GET /api/v1/gamification": {anon: 401, asB: 200},
	"PUT /api/v1/gamification": {anon: 401, asB: 200, body: domain.DefaultGamification(),
		after: func(t *testing.T, a *client) {
			if g := a.do("GET", "/api/v1/gamification", nil).must(t, 200); !strings.Contains(string(g.Body), "Ouro "+canary) {
				t.Errorf("A's levels changed by B: %s", g.Body)
			}
		}},
	// The stream is exercised by TestEventsReachOnlyTheirOwner (it never ends).
	"GET /api/v1/events": {anon: 401},

	// Customer-facing routes. Anyone may read A's published page and book
	// there (the anonymous caller takes the time, so B then finds it taken);
	// a manage link is authorised by its signature alone, and one forged for
	// A's appointment id opens nothing.
	"GET /api/v1/public/stores/{slug}":              {anon: 200, asB: 200, public: true},
	"GET /api/v1/public/stores/{slug}/availability": {anon: 200, asB: 200, public: true, query: "public-availability-of-A"},
	"POST /api/v1/public/stores/{slug}/bookings":    {anon: 201, asB: 409, public: true, body: "public-booking-at-A"},
	"GET /api/v1/public/bookings/{token}":           {anon: 404, asB: 404},
	// The waitlist: anyone joins a store's line; an entry's id is no link;
	// B's list holds B's line, and A's entry cannot be removed by B.
	"POST /api/v1/public/stores/{slug}/waitlist":       {anon: 201, asB: 201, public: true, body: "waitlist-at-A"},
	"GET /api/v1/public/waitlist/{token}":              {anon: 404, asB: 404},
	"POST /api/v1/public/waitlist/{token}/claim":       {anon: 404, asB: 404},
	"GET /api/v1/waitlist":                             {anon: 401, asB: 200},
	"DELETE /api/v1/waitlist/{id}":                     {anon: 401, asB: 404, after: func(t *testing.T, a *client) { expectListed(t, a, "/api/v1/waitlist", "Espera "+canary) }},
	"PUT /api/v1/public/bookings/{token}":              {anon: 404, asB: 404, body: map[string]string{"date": "2026-12-11", "time": "11:00"}, after: expectAppointment},
	"POST /api/v1/public/bookings/{token}/cancel":      {anon: 404, asB: 404, after: expectAppointment},
	"PUT /api/v1/public/bookings/{token}/consent":      {anon: 404, asB: 404, body: map[string]bool{"granted": true}},
	"GET /api/v1/public/bookings/{token}/availability": {anon: 404, asB: 404},
	"GET /api/v1/public/bookings/{token}/calendar.ics": {anon: 404, asB: 404},
	"GET /api/v1/public/professionals/{id}":            {anon: 200, asB: 200, public: true},
	"GET /api/v1/public/push-key":                      {anon: 200, asB: 200, public: true},
	"POST /api/v1/public/bookings/{token}/push":        {anon: 404, asB: 404, body: pushSubscriptionBody},
	"POST /api/v1/public/bookings/{token}/push/stop":   {anon: 404, asB: 404, body: map[string]string{"endpoint": "https://push.example/1"}},
	// A manage link is no reminder's link.
	"GET /api/v1/public/reminders/{token}":          {anon: 404, asB: 404},
	"POST /api/v1/public/reminders/{token}/confirm": {anon: 404, asB: 404, after: expectAppointment},
	"POST /api/v1/public/reminders/{token}/stop":    {anon: 404, asB: 404},
	"POST /api/v1/analytics/pageview":               {anon: 204, asB: 204, public: true, body: "pageview-of-A"},
}

var wildcardRe = regexp.MustCompile(`\{[a-zA-Z]+\}`)

func TestTenantIsolation(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana "+canary, "a@example.com")
		a.do("PATCH", "/api/v1/profile", map[string]string{"phone": "(11) 98765-4321"}).must(t, 200)
		fx := seedOwner(t, a)
		fx["accounts"] = a.userID() // the admin's routes about A's account
		seedTeam(t, a, fx)
		b := e.client().signUp("Bruno", "b@example.com")
		bodies := isolationBodies(e, a, fx, seedCatalogue(t, b))
		for _, rt := range e.api.Routes() {
			key := rt.Method + " " + rt.Pattern
			tc, ok := isolationCases[key]
			if !ok {
				t.Errorf("route %s has no tenant-isolation case", key)
				continue
			}
			t.Run(key, func(t *testing.T) {
				path, body := aim(rt, tc, fx, bodies)
				tc.body = body
				anon := e.client()
				if r := anon.do(rt.Method, path, tc.body); r.Status != tc.anon {
					t.Errorf("anonymous: got %d, want %d (%s)", r.Status, tc.anon, r.Body)
				}
				if rt.Access == httpapi.Admin {
					if r := b.do(rt.Method, path, tc.body); r.Status != 403 {
						t.Errorf("non-admin: got %d, want 403", r.Status)
					}
				}
				if tc.asB == 0 {
					return
				}
				r := b.do(rt.Method, path, tc.body)
				if r.Status != tc.asB {
					t.Errorf("owner B: got %d, want %d (%s)", r.Status, tc.asB, r.Body)
				}
				private := []string{canary, "98765"}
				if tc.public {
					private = []string{"Cliente " + canary, "Lixo " + canary, "Folga " + canary, "98888", "97777", "98765", "a@example.com"}
				}
				for _, p := range private {
					if strings.Contains(string(r.Body), p) {
						t.Errorf("owner B saw A's data %q: %s", p, r.Body)
					}
				}
				if tc.after != nil {
					tc.after(t, a)
				}
			})
		}
		for key := range isolationCases {
			found := false
			for _, rt := range e.api.Routes() {
				found = found || rt.Method+" "+rt.Pattern == key
			}
			if !found {
				t.Errorf("isolation case %s names no route", key)
			}
		}
	})
}

// validStore is a complete store profile body.
func validStore(name string) map[string]any {
	day := map[string]any{"open": "09:00", "close": "18:00", "isOpen": true}
	wh := map[string]any{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		wh[d] = day
	}
	return map[string]any{
		"name": name, "description": "Cortes e cuidados", "phone": "(11) 3456-7890", "address": "Rua Augusta, 100 - São Paulo",
		"logo": nil, "bookingFlow": "service-first", "heroGradient": "linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)",
		"workingHours":    wh,
		"socialMedia":     map[string]any{"instagram": "@salao", "facebook": "", "whatsapp": "(11) 91234-5678"},
		"paymentSettings": map[string]any{"acceptedMethods": []string{"cash"}, "pixKey": "", "pixKeyType": "", "pixReceiverName": "", "pixCity": ""},
		"timeZone":        "America/Sao_Paulo", "minNoticeMin": 60, "horizonDays": 60,
	}
}

func professionalBody(name string, photos ...string) map[string]any {
	if photos == nil {
		photos = []string{}
	}
	return map[string]any{"name": name, "role": "Cabeleireira", "specialties": []string{"Corte"}, "calendarType": "app",
		"workingHours": nil, "bookingInterval": 30, "googleCalendarEmbed": nil, "photos": photos, "commissionPct": 40}
}

// isolationBodies are the named bodies and queries of isolationCases, aimed
// at owner a's objects (fx) or, for those named so, at B's catalogue (bfx).
func isolationBodies(e *env, a *client, fx, bfx map[string]string) map[string]any {
	bodies := map[string]any{
		"professional-with-A-photo":       professionalBody("Foto alheia", "/files/"+fx["files"]),
		"service-with-A-professional":     map[string]any{"name": "Barba", "duration": 30, "professionalIds": []string{fx["professionals"]}},
		"blocked-time-for-A-professional": map[string]any{"professionalId": fx["professionals"], "date": "2026-12-24", "startTime": "12:00", "endTime": "13:00"},
		"appointment-with-A-catalogue":    appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00"),
		"availability-of-A":               "professionalId=" + fx["professionals"] + "&serviceId=" + fx["services"] + "&from=2026-12-10&to=2026-12-10",
		"calendar-feed-of-A":              map[string]string{"professionalId": fx["professionals"]},
		// A client B adds is B's: A's list never shows her.
		"client-by-B": map[string]any{"name": "Tomada", "phone": "(11) 97777-0000", "notes": "de B", "tags": []string{"B"}},
	}
	day := e.clock.Now().AddDate(0, 0, 3).Format("2006-01-02")
	bodies["waitlist-at-A"] = map[string]string{"serviceId": fx["services"], "professionalId": "any", "date": day,
		"clientName": "Na Fila", "clientPhone": "(21) 96666-1234"}
	bodies["public-availability-of-A"] = "serviceId=" + fx["services"] + "&professionalId=any&from=" + day + "&days=2"
	bodies["public-booking-at-A"] = map[string]any{"serviceId": fx["services"], "professionalId": "any", "date": day,
		"time": "10:00", "clientName": "Cliente Online", "clientPhone": "(11) 95555-4444"}
	bodies["inactive-list"] = "kind=inactive&days=30"
	bodies["report-of-A-professional"] = "from=2026-12-01&to=2026-12-31&professionalId=" + fx["professionals"]
	bodies["export-of-A-professional"] = "kind=appointments&from=2026-12-01&to=2026-12-31&professionalId=" + fx["professionals"]
	bodies["promotion-of-A-service"] = map[string]any{"name": "Cartão", "type": "count", "targetCount": 5, "reward": "Escova", "serviceId": fx["services"]}
	bodies["invite-as-A-professional"] = map[string]any{"role": "profissional", "professionalId": fx["professionals"]}
	bodies["own-agenda-as-A-professional"] = map[string]any{"professionalId": fx["professionals"]}
	bodies["switch-to-A"] = map[string]string{"storeId": a.userID()}
	bodies["pageview-of-A"] = map[string]any{"path": "/store/" + fx["stores"], "referrer": "https://instagram.com/p/x"}
	series := appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00")
	series["recurrence"] = map[string]any{"everyWeeks": 3, "count": 4}
	bodies["series-with-A-catalogue"] = series
	bodies["visit-move"] = map[string]any{"date": "2026-12-11", "time": "11:00"}
	bodies["appointment-with-B-catalogue"] = appointmentBody(bfx["services"], bfx["professionals"], "2026-12-10", "10:00")
	return bodies
}

// aim is route rt's path and body for case tc, addressed to A's objects:
// the segment before {id} names the collection in fx.
func aim(rt httpapi.Route, tc isolation, fx map[string]string, bodies map[string]any) (string, any) {
	path := rt.Pattern
	if loc := wildcardRe.FindStringIndex(path); loc != nil {
		segs := strings.Split(strings.TrimSuffix(path[:loc[0]], "/"), "/")
		path = path[:loc[0]] + fx[segs[len(segs)-1]] + path[loc[1]:]
	}
	body := tc.body
	if name, ok := body.(string); ok {
		body = bodies[name]
	}
	if tc.query != "" {
		path += "?" + bodies[tc.query].(string)
	}
	return path, body
}

// seedOwner gives a signed-in owner a store, an uploaded photo, a
// professional, a service and a blocked time, all marked with the canary,
// and returns their ids by collection name.
func seedOwner(t *testing.T, c *client) map[string]string {
	t.Helper()
	c.do("PUT", "/api/v1/store", validStore("Salão "+canary)).must(t, 200)
	up := c.upload("photo", pngBytes(t, 40, 30)).must(t, 201).JSON
	fileID := up["id"].(string)
	pro := c.do("POST", "/api/v1/professionals", professionalBody("Ana "+canary, "/files/"+fileID)).must(t, 201).JSON
	svc := c.do("POST", "/api/v1/services", map[string]any{"name": "Corte " + canary, "description": "", "duration": 45,
		"price": 4590, "professionalIds": []string{pro["id"].(string)}}).must(t, 201).JSON
	blk := c.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": pro["id"], "date": "2026-12-24",
		"startTime": "12:00", "endTime": "13:00", "reason": "Folga " + canary}).must(t, 201).JSON
	ap := c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente "+canary, "(11) 98888-7777", svc["id"].(string), pro["id"].(string), "2026-12-10", "15:00")).must(t, 201).JSON
	gone := c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Lixo "+canary, "(11) 97777-6666", svc["id"].(string), pro["id"].(string), "2026-12-11", "15:00")).must(t, 201).JSON
	trash := c.do("DELETE", "/api/v1/appointments/"+gone["id"].(string), nil).must(t, 200).JSON
	slug := c.do("GET", "/api/v1/store", nil).must(t, 200).JSON["slug"].(string)
	// A loyalty card the client has earned and used, and levels of A's own.
	done := c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente "+canary, "(11) 98888-7777", svc["id"].(string), pro["id"].(string), "2026-11-02", "10:00")).must(t, 201).JSON
	c.do("PATCH", "/api/v1/appointments/"+done["id"].(string)+"/status", map[string]string{"status": "completed"}).must(t, 200)
	promo := c.do("POST", "/api/v1/promotions", map[string]any{"name": "Promo " + canary, "type": "count", "targetCount": 1,
		"reward": "Escova " + canary, "serviceId": svc["id"]}).must(t, 201).JSON
	used := c.do("POST", "/api/v1/promotions/"+promo["id"].(string)+"/redemptions", map[string]string{"clientPhone": "(11) 98888-7777"}).must(t, 201).JSON
	levels := domain.DefaultGamification()
	levels.Levels[2].Name = "Ouro " + canary
	c.do("PUT", "/api/v1/gamification", levels).must(t, 200)
	feed := c.do("POST", "/api/v1/calendar-feeds", map[string]string{"professionalId": pro["id"].(string)}).must(t, 201).JSON
	c.do("POST", "/api/v1/public/stores/"+slug+"/waitlist", map[string]string{"serviceId": svc["id"].(string), "professionalId": "any",
		"date": "2026-12-10", "clientName": "Espera " + canary, "clientPhone": "(11) 96543-2111"}).must(t, 201)
	waiting := c.do("GET", "/api/v1/waitlist", nil).must(t, 200).JSON["items"].([]any)[0].(map[string]any)
	imported := c.importFile("/api/v1/client-imports", "Importação "+canary+".csv",
		[]byte("Nome;Celular\nImportada "+canary+";(11) 96543-2100\n"), "").must(t, 201).JSON
	return map[string]string{"calendar-feeds": feed["id"].(string), "calendars": "forjado", "client-imports": imported["id"].(string),
		"files": fileID, "promotions": promo["id"].(string), "redemptions": used["id"].(string), "professionals": pro["id"].(string), "services": svc["id"].(string),
		"stores": slug, "bookings": ap["id"].(string) + ".Zm9yamFkbw", "waitlist": waiting["id"].(string),
		"blocked-times": blk["id"].(string), "appointments": ap["id"].(string), "trash": trash["id"].(string),
		"clients": "5511988887777"}
}

// seedCatalogue gives an owner one professional and one service.
func seedCatalogue(t *testing.T, c *client) map[string]string {
	t.Helper()
	c.do("PUT", "/api/v1/store", validStore("Loja de "+c.user["email"].(string))).must(t, 200)
	pro := c.do("POST", "/api/v1/professionals", professionalBody("Profissional")).must(t, 201).JSON
	svc := c.do("POST", "/api/v1/services", map[string]any{"name": "Corte", "duration": 30, "price": 5000,
		"professionalIds": []string{pro["id"].(string)}}).must(t, 201).JSON
	return map[string]string{"professionals": pro["id"].(string), "services": svc["id"].(string)}
}

func appointmentBody(serviceID, professionalID, date, tm string) map[string]any {
	return appointmentBodyNamed("Maria Souza", "(11) 91234-5678", serviceID, professionalID, date, tm)
}

func appointmentBodyNamed(name, phone, serviceID, professionalID, date, tm string) map[string]any {
	return map[string]any{"clientName": name, "clientPhone": phone, "serviceId": serviceID, "professionalId": professionalID,
		"date": date, "time": tm, "status": "scheduled", "paymentMethod": nil, "notes": ""}
}

// expectAppointment checks A's appointment is still there, unchanged.
func expectAppointment(t *testing.T, a *client) {
	t.Helper()
	r := a.do("GET", "/api/v1/appointments?from=2026-12-10&to=2026-12-10", nil).must(t, 200)
	if !strings.Contains(string(r.Body), "Cliente "+canary) || !strings.Contains(string(r.Body), `"status":"scheduled"`) ||
		strings.Contains(string(r.Body), "reminderSentAt\":\"2") {
		t.Errorf("A's appointment changed: %s", r.Body)
	}
}

// expectCalendarFeedOfA checks A's calendar feed is still there.
func expectCalendarFeedOfA(t *testing.T, a *client) {
	t.Helper()
	if r := a.do("GET", "/api/v1/calendar-feeds", nil).must(t, 200); !strings.Contains(string(r.Body), "Ana "+canary) {
		t.Errorf("A's calendar feed is gone: %s", r.Body)
	}
}

// expectTeamOfA checks A's member and pending invitation are as seeded.
func expectTeamOfA(t *testing.T, a *client) {
	t.Helper()
	r := a.do("GET", "/api/v1/team", nil).must(t, 200)
	if !strings.Contains(string(r.Body), `"role":"profissional"`) || !strings.Contains(string(r.Body), `"state":"pendente"`) {
		t.Errorf("A's team changed: %s", r.Body)
	}
}

// expectListed fails unless the list at path has an item containing want.
func expectListed(t *testing.T, c *client, path, want string) {
	t.Helper()
	if r := c.do("GET", path, nil).must(t, 200); !strings.Contains(string(r.Body), want) {
		t.Errorf("%s lost %q: %s", path, want, r.Body)
	}
}

// pushSubscriptionBody is what a browser's PushManager gives: a real P-256
// point, so the request passes its check and meets the tenant's.
var pushSubscriptionBody = map[string]string{"endpoint": "https://push.example/1",
	"p256dh": "BDY0IEDqD9EtjDVWUHw5EsikGopFQNF3SD_O0TXpXL3sk79LxXHdQIizuvEwp_JXKBwBkh8ZWVN6NJl_8wFZfM0", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}
