package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
)

var adminEnv = envOptions{adminEmails: []string{"admin@agendo.test"}}

var saoPaulo, _ = time.LoadLocation(domain.DefaultTimeZone)

// Configurar Ajuda: the admin's values reach every owner's help dialog at
// once; a website that is not https or a WhatsApp that is not a phone is
// refused with a Portuguese message, nothing changed, audited as failed.
func TestAdminHelpSettings(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "" || h["whatsappNumber"] != "" {
			t.Fatalf("default help settings: %v", h)
		}
		saved := admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{
			"websiteUrl": " https://ajuda.agendo.com.br/faq ", "whatsappNumber": "(11) 91234-5678"}).must(t, 200).JSON
		if saved["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || saved["whatsappNumber"] != "+5511912345678" {
			t.Fatalf("saved: %v", saved)
		}
		for _, c := range []*client{owner, admin} {
			h := c.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON
			if h["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || h["whatsappNumber"] != "+5511912345678" {
				t.Errorf("help dialog reads %v", h)
			}
		}
		if h := admin.do("GET", "/api/v1/admin/help-settings", nil).must(t, 200).JSON; h["whatsappNumber"] != "+5511912345678" {
			t.Errorf("admin reads %v", h)
		}

		for _, c := range []struct {
			name        string
			body        map[string]string
			field, want string
		}{
			{"http website", map[string]string{"websiteUrl": "http://ajuda.agendo.com.br", "whatsappNumber": "11912345678"},
				"websiteUrl", "Use um endereço seguro, que comece com https://"},
			{"not an address", map[string]string{"websiteUrl": "ajuda agendo", "whatsappNumber": "11912345678"},
				"websiteUrl", "Informe um endereço completo, como https://ajuda.agendo.com.br"},
			{"script", map[string]string{"websiteUrl": "javascript:alert(1)", "whatsappNumber": ""},
				"websiteUrl", "Informe um endereço completo, como https://ajuda.agendo.com.br"},
			{"not a phone", map[string]string{"websiteUrl": "https://ajuda.agendo.com.br", "whatsappNumber": "1234"},
				"whatsappNumber", "Informe um WhatsApp com DDD, como (11) 91234-5678"},
			{"letters", map[string]string{"websiteUrl": "", "whatsappNumber": "fale conosco"},
				"whatsappNumber", "Informe um WhatsApp com DDD, como (11) 91234-5678"},
		} {
			r := admin.do("PUT", "/api/v1/admin/help-settings", c.body)
			fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
			if r.Status != 422 || fields[c.field] != c.want {
				t.Errorf("%s: got %d %s, want 422 %s %q", c.name, r.Status, r.Body, c.field, c.want)
			}
		}
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "https://ajuda.agendo.com.br/faq" || h["whatsappNumber"] != "+5511912345678" {
			t.Errorf("a refused save changed the help settings: %v", h)
		}
		audit := string(admin.do("GET", "/api/v1/admin/audit?data=help", nil).must(t, 200).Body)
		if !strings.Contains(audit, `"action":"Configuração de ajuda alterada","dataAffected":"help"`) || strings.Count(audit, `"success":false`) != 5 {
			t.Errorf("audit: %s", audit)
		}

		// Empty values hide a channel.
		admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{"websiteUrl": "", "whatsappNumber": "+55 11 3333-4444"}).must(t, 200)
		if h := owner.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON; h["websiteUrl"] != "" || h["whatsappNumber"] != "+551133334444" {
			t.Errorf("after clearing the website: %v", h)
		}
	}, adminEnv)
}

// Admin Clientes: every account with the summaries' figures and never a
// salon's clients; search, filters and pages; each action needs a reason,
// is audited, and does what it says: a locked account cannot sign in or
// refresh, an admin cannot lock themself, a granted Premium holds until
// its day and shows in the plan history, the reset email is the recovery
// flow's.
func TestAdminAccounts(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Maria Aparecida dos Santos Oliveira", "maria@example.com")
		fx := seedCatalogue(t, owner)
		today := mondayMorning.In(saoPaulo).Format("2006-01-02")
		owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente "+canary, "(21) 97777-1234",
			fx["services"], fx["professionals"], today, "15:00")).must(t, 201)
		owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente "+canary, "(21) 97777-1234",
			fx["services"], fx["professionals"], "2027-06-01", "10:00")).must(t, 201)
		other := e.client().signUp("Bruno Barbeiro", "bruno@example.com")
		id := owner.userID()

		page := admin.do("GET", "/api/v1/admin/accounts", nil).must(t, 200)
		if page.JSON["total"] != float64(3) {
			t.Fatalf("accounts: %s", page.Body)
		}
		if body := string(page.Body); strings.Contains(body, canary) || strings.Contains(body, "97777") {
			t.Errorf("the admin sees a salon's client: %s", body)
		}
		var maria map[string]any
		for _, it := range page.JSON["items"].([]any) {
			if m := it.(map[string]any); m["id"] == id {
				maria = m
			}
		}
		if maria == nil || maria["appointments"] != float64(2) || maria["last30Days"] != float64(1) ||
			maria["storeSlug"] == "" || maria["email"] != "maria@example.com" || maria["lastSignInAt"] == nil ||
			maria["plan"].(map[string]any)["type"] != "free" {
			t.Errorf("Maria's row: %v", maria)
		}
		for q, want := range map[string]float64{"?q=aparecida": 1, "?q=BRUNO": 1, "?q=loja": 1, "?q=100%25": 0,
			"?plan=premium": 0, "?plan=free": 3, "?locked=true": 0, "?limit=1&offset=1": 3} {
			if r := admin.do("GET", "/api/v1/admin/accounts"+q, nil).must(t, 200); r.JSON["total"] != want {
				t.Errorf("%s: total %v, want %v", q, r.JSON["total"], want)
			}
		}
		if r := admin.do("GET", "/api/v1/admin/accounts?limit=1&offset=1", nil).must(t, 200); len(r.JSON["items"].([]any)) != 1 {
			t.Errorf("a page of 1: %s", r.Body)
		}
		for _, q := range []string{"?plan=gold", "?limit=500", "?offset=-1"} {
			if r := admin.do("GET", "/api/v1/admin/accounts"+q, nil); r.Status != 422 {
				t.Errorf("%s: got %d", q, r.Status)
			}
		}
		detail := admin.do("GET", "/api/v1/admin/accounts/"+id, nil).must(t, 200).JSON
		if u := detail["usage"].(map[string]any); u["count"] != float64(2) || u["limit"] != float64(10) || u["remaining"] != float64(8) {
			t.Errorf("usage: %v", u)
		}
		admin.do("GET", "/api/v1/admin/accounts/0194a000-0000-7000-8000-000000000001", nil).must(t, 404)

		// Bad input: nothing changes, and the refusal is audited.
		if r := admin.do("POST", "/api/v1/admin/accounts/"+id+"/lock", map[string]string{"reason": " "}); r.Status != 422 ||
			r.ErrMessage() != "Informe o motivo da ação" {
			t.Errorf("lock without a reason: got %d %s", r.Status, r.Body)
		}
		if r := admin.do("POST", "/api/v1/admin/accounts/"+admin.userID()+"/lock", map[string]string{"reason": "Teste de bloqueio"}); r.Status != 422 ||
			r.ErrMessage() != "Você não pode bloquear a sua própria conta." {
			t.Errorf("locking oneself: got %d %s", r.Status, r.Body)
		}
		owner.do("GET", "/api/v1/profile", nil).must(t, 200)
		admin.do("GET", "/api/v1/profile", nil).must(t, 200)

		// Lock: sessions end, sign-in refused with a clear message (only to
		// who knows the password), refresh refused.
		locked := admin.do("POST", "/api/v1/admin/accounts/"+id+"/lock", map[string]string{"reason": "Pagamento contestado no cartão"}).must(t, 200).JSON
		if a := locked["account"].(map[string]any); a["lockedAt"] == nil || a["lockedReason"] != "Pagamento contestado no cartão" {
			t.Errorf("locked account: %v", a)
		}
		owner.do("GET", "/api/v1/profile", nil).must(t, 401)
		owner.do("POST", "/api/v1/auth/refresh", nil).must(t, 401)
		if r := e.client().signIn("maria@example.com", testPassword); r.Status != 403 || r.ErrMessage() != domain.MsgAccountLocked {
			t.Errorf("locked sign-in: got %d %s", r.Status, r.Body)
		}
		if r := e.client().signIn("maria@example.com", "senha-errada-123"); r.Status != 400 || r.ErrCode() != "invalid_credentials" {
			t.Errorf("locked, wrong password: got %d %s", r.Status, r.Body)
		}
		if r := admin.do("GET", "/api/v1/admin/accounts?locked=true", nil).must(t, 200); r.JSON["total"] != float64(1) {
			t.Errorf("locked filter: %s", r.Body)
		}
		other.do("GET", "/api/v1/profile", nil).must(t, 200)
		admin.do("POST", "/api/v1/admin/accounts/"+id+"/unlock", map[string]string{"reason": "Pagamento confirmado"}).must(t, 200)
		owner = e.client()
		if r := owner.signIn("maria@example.com", testPassword); r.Status != 200 {
			t.Fatalf("unlocked sign-in: got %d %s", r.Status, r.Body)
		}

		// Premium by hand, until a day: a real Premium for the owner, in the
		// plan history, and gone after that day.
		for _, until := range []string{today, "2026-13-01", "2099-01-01"} {
			if r := admin.do("POST", "/api/v1/admin/accounts/"+id+"/premium", map[string]string{"reason": "Cortesia de lançamento", "until": until}); r.Status != 422 {
				t.Errorf("grant until %s: got %d %s", until, r.Status, r.Body)
			}
		}
		until := mondayMorning.In(saoPaulo).AddDate(0, 0, 30).Format("2006-01-02")
		g := admin.do("POST", "/api/v1/admin/accounts/"+id+"/premium", map[string]string{"reason": "Cortesia de lançamento", "until": until}).must(t, 200).JSON
		if p := g["account"].(map[string]any)["plan"].(map[string]any); p["type"] != "premium" || p["isActive"] != true {
			t.Errorf("granted plan: %v", p)
		}
		h := g["planHistory"].([]any)
		if len(h) != 1 || h[0].(map[string]any)["type"] != "admin.premium_granted" || !strings.Contains(h[0].(map[string]any)["note"].(string), "Cortesia de lançamento") {
			t.Errorf("plan history: %v", h)
		}
		if p := owner.do("GET", "/api/v1/plan", nil).must(t, 200).JSON; p["type"] != "premium" || p["isActive"] != true {
			t.Errorf("the owner's plan: %v", p)
		}
		if r := admin.do("GET", "/api/v1/admin/accounts?plan=premium", nil).must(t, 200); r.JSON["total"] != float64(1) {
			t.Errorf("premium filter: %s", r.Body)
		}
		e.clock.Advance(32 * 24 * time.Hour)
		owner.signIn("maria@example.com", testPassword).must(t, 200)
		admin.signIn("admin@agendo.test", testPassword).must(t, 200)
		if p := owner.do("GET", "/api/v1/plan", nil).must(t, 200).JSON; p["type"] != "free" {
			t.Errorf("after the grant: %v", p)
		}

		// The reset email is the recovery flow's.
		before := e.mail.Count()
		admin.do("POST", "/api/v1/admin/accounts/"+other.userID()+"/password-reset", map[string]string{"reason": "Dono pediu por telefone"}).must(t, 200)
		m := parseRecoveryMail(t, e.mail.Wait(t, before+1, mailTimeout))
		if m.To != "bruno@example.com" || m.Subject != "Redefinição de senha do Agendo" {
			t.Errorf("reset email: %+v", m)
		}

		audit := string(admin.do("GET", "/api/v1/admin/audit?limit=100", nil).must(t, 200).Body)
		for _, want := range []string{`"action":"Conta bloqueada — motivo: Pagamento contestado no cartão","dataAffected":"account:` + id,
			`"action":"Conta desbloqueada — motivo: Pagamento confirmado"`, `Premium concedido até ` + until + ` — motivo: Cortesia de lançamento`,
			`"action":"Email de redefinição de senha enviado — motivo: Dono pediu por telefone"`,
			`"action":"Conta bloqueada recusada: Você não pode bloquear a sua própria conta.","dataAffected":"account:` + admin.userID() + `","adminUserId":"` + admin.userID() + `","success":false`} {
			if !strings.Contains(audit, want) {
				t.Errorf("audit lacks %s", want)
			}
		}
	}, adminEnv)
}

// SPEC.md sections 5 and 6 on the server: an admin operation that would
// touch an owner's own data is refused and audited as failed, with the
// message starting 'Operação negada: '; allowed ones are audited as
// succeeded. The audit lists up to 100 with the spec's fields, newest
// first, keeps every entry (older pages by cursor), and lists its failures
// alone on request.
func TestAdminOperationsAreAudited(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		p := app.Owner(admin.userID(), "")
		err := e.app.CheckAdminOperation(context.Background(), p,
			domain.AdminOperation{Name: "Apagar agendamentos", Touches: []domain.DataKey{domain.KeyAppointments}}, "appointments:"+owner.userID())
		if domain.ErrorCode(err) != domain.CodeForbidden || !strings.HasPrefix(err.(*domain.Error).Message, "Operação negada: ") {
			t.Fatalf("a protected operation: got %v", err)
		}
		admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{"websiteUrl": "https://ajuda.agendo.com.br"}).must(t, 200)

		var list []map[string]any
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100", nil).must(t, 200).Body, &list); err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 {
			t.Fatalf("audit: %v", list)
		}
		for _, f := range []string{"timestamp", "action", "dataAffected", "adminUserId", "success"} {
			if _, ok := list[0][f]; !ok {
				t.Errorf("an entry lacks %s: %v", f, list[0])
			}
		}
		if list[0]["success"] != true || list[0]["dataAffected"] != "help" ||
			list[1]["success"] != false || !strings.HasPrefix(list[1]["action"].(string), "Operação negada: Apagar agendamentos") ||
			list[1]["adminUserId"] != admin.userID() {
			t.Errorf("audit: %v", list)
		}
		var failed []map[string]any
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100&failures=true", nil).must(t, 200).Body, &failed); err != nil {
			t.Fatal(err)
		}
		if len(failed) != 1 || failed[0]["success"] != false {
			t.Errorf("failures only: %v", failed)
		}
		// The owner's data is as it was.
		if r := owner.do("GET", "/api/v1/profile", nil).must(t, 200); r.JSON["name"] != "Paula Dona" {
			t.Errorf("owner: %s", r.Body)
		}
		// Every entry is kept (issue 22): after 105 refused saves the page
		// of the newest 100 holds refusals only, and the cursor reaches the
		// earlier entries on the next page.
		earlier := []any{list[0]["id"], list[1]["id"]}
		for range 105 {
			admin.do("PUT", "/api/v1/admin/help-settings", map[string]string{"whatsappNumber": "+x"}).must(t, 422)
		}
		var newest, older []map[string]any
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100", nil).must(t, 200).Body, &newest); err != nil || len(newest) != 100 {
			t.Fatalf("the newest page: %d %v", len(newest), err)
		}
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100&cursor="+newest[99]["id"].(string), nil).must(t, 200).Body, &older); err != nil {
			t.Fatal(err)
		}
		if len(older) != 7 || older[5]["id"] != earlier[0] || older[6]["id"] != earlier[1] {
			t.Errorf("the next page: %d entries %v, want 5 refusals and then %v", len(older), older, earlier)
		}
		if r := admin.do("GET", "/api/v1/admin/audit?cursor=0197e9c6-0000-7000-8000-000000000001", nil); r.Status != 422 || r.ErrMessage() == "" {
			t.Errorf("an unknown cursor: got %d %s", r.Status, r.Body)
		}
	}, adminEnv)
}

// The integrity check: a sound account is OK; what a database can lose —
// fields emptied, summaries that disagree with the rows — is found, in
// SPEC §8's words, by the owner on their own data and by the admin over
// every account (audited), and the admin's report names no client.
func TestIntegrityCheck(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		other := e.client().signUp("Bruno Barbeiro", "bruno@example.com")
		fx := seedCatalogue(t, owner)
		appt := owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente "+canary, "(21) 97777-1234",
			fx["services"], fx["professionals"], "2026-12-01", "10:00")).must(t, 201).JSON["id"].(string)
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-02", "10:00")).must(t, 201)

		r := owner.do("GET", "/api/v1/integrity", nil).must(t, 200).JSON
		if r["ok"] != true || len(r["issues"].([]any)) != 0 || r["appointments"] != float64(2) {
			t.Fatalf("a sound account: %v", r)
		}

		pools := e.db.Pools()
		w := pools["writer"]
		if w == nil {
			w = pools["pool"]
		}
		id := owner.userID()
		for _, q := range []string{
			`UPDATE report_days SET revenue = revenue + 5 WHERE user_id = '` + id + `' AND date = '2026-12-01'`,
			`UPDATE clients SET spent = spent + 100 WHERE user_id = '` + id + `'`,
			`DELETE FROM report_days WHERE user_id = '` + id + `' AND date = '2026-12-02'`,
			`UPDATE services SET name = '' WHERE id = '` + fx["services"] + `'`,
			`UPDATE appointments SET client_name = '' WHERE id = '` + appt + `'`,
		} {
			if _, err := w.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		want := []string{
			"Agendamento " + appt + " com dados incompletos",
			"Serviço " + fx["services"] + " com dados incompletos",
			"O resumo do dia 01/12/2026 não confere com os agendamentos",
			"O resumo do dia 02/12/2026 não confere com os agendamentos",
			"O relatório do dia 02/12/2026 não confere com os agendamentos",
			"O resumo de 2 cliente(s) não confere com os agendamentos",
		}
		r = owner.do("GET", "/api/v1/integrity", nil).must(t, 200).JSON
		if got := fmt.Sprint(r["issues"]); r["ok"] != false || got != fmt.Sprint(want) {
			t.Errorf("issues: got %s, want %v", got, want)
		}
		if r := other.do("GET", "/api/v1/integrity", nil).must(t, 200).JSON; r["ok"] != true {
			t.Errorf("B's own data: %v", r)
		}

		all := admin.do("POST", "/api/v1/admin/integrity", nil).must(t, 200)
		if all.JSON["accounts"] != float64(3) || all.JSON["withIssues"] != float64(1) {
			t.Errorf("platform: %s", all.Body)
		}
		if body := string(all.Body); strings.Contains(body, canary) || strings.Contains(body, "97777") || !strings.Contains(body, "paula@example.com") {
			t.Errorf("the admin's report: %s", body)
		}
		if audit := string(admin.do("GET", "/api/v1/admin/audit?data=accounts", nil).must(t, 200).Body); !strings.Contains(audit, "Verificação de integridade: 3 contas, 1 com problemas") {
			t.Errorf("audit: %s", audit)
		}
		owner.do("POST", "/api/v1/admin/integrity", nil).must(t, 403)
	}, adminEnv)
}

// An admin action on an account that does not exist answers 404 and is
// audited as refused, about the id as given (issue 22: it left no entry).
func TestAdminActionOnUnknownAccountIsAudited(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		until := mondayMorning.In(saoPaulo).AddDate(0, 0, 30).Format("2006-01-02")
		ghost := "0197E9C6-0000-7000-8000-00000000ABCD" // well formed, upper case, nobody's
		reason := map[string]string{"reason": "Pedido por telefone"}
		actions := []struct {
			path, name string
			body       map[string]string
		}{
			{"lock", "Conta bloqueada", reason},
			{"unlock", "Conta desbloqueada", reason},
			{"password-reset", "Email de redefinição de senha enviado", reason},
			{"premium", "Premium concedido até " + until, map[string]string{"reason": "Cortesia", "until": until}},
		}
		for _, a := range actions {
			admin.do("POST", "/api/v1/admin/accounts/"+ghost+"/"+a.path, a.body).must(t, 404)
		}
		var list []map[string]any
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100&data=account:"+ghost, nil).must(t, 200).Body, &list); err != nil {
			t.Fatal(err)
		}
		if len(list) != len(actions) {
			t.Fatalf("audit about %s: got %d entries %v, want %d", ghost, len(list), list, len(actions))
		}
		for i, a := range actions {
			got := list[len(list)-1-i] // newest first
			if want := a.name + " recusada: conta não encontrada"; got["action"] != want || got["success"] != false || got["adminUserId"] != admin.userID() {
				t.Errorf("%s: got %v, want %q, failed, by the admin", a.path, got, want)
			}
		}
	}, adminEnv)
}

// A non-admin's 403 on an admin route is audited — who (the user id, no
// other personal data), which route (its pattern), when — at most once a
// minute for each user and route, however many requests arrive at once
// (issue 22: it left no entry; the bound keeps a non-admin from filling
// the disk).
func TestNonAdminOnAdminRoutesIsAudited(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		intruder := e.client().signUp("Curiosa Silva", "curiosa@example.com")
		routes := []struct{ method, path, pattern string }{
			{"GET", "/api/v1/admin/audit?limit=100", "GET /api/v1/admin/audit"},
			{"POST", "/api/v1/admin/accounts/" + admin.userID() + "/lock", "POST /api/v1/admin/accounts/{id}/lock"},
		}
		const rounds = 3
		for round := range rounds {
			statuses := make(chan int, 40)
			var wg sync.WaitGroup
			for i := range 40 {
				r := routes[i%len(routes)]
				wg.Go(func() {
					req, _ := http.NewRequest(r.method, e.srv.URL+r.path, strings.NewReader(`{"reason":"Quero ver o painel"}`))
					req.Header.Set("Authorization", "Bearer "+intruder.token)
					req.Header.Set("Content-Type", "application/json")
					res, err := e.roundTrip(req)
					if err != nil {
						statuses <- 0
						return
					}
					statuses <- res.Status
				})
			}
			wg.Wait()
			close(statuses)
			for s := range statuses {
				if s != 403 {
					t.Fatalf("round %d: a non-admin got %d, want 403", round, s)
				}
			}
			e.clock.Advance(61 * time.Second)
		}
		var list []map[string]any
		if err := jsonUnmarshal(admin.do("GET", "/api/v1/admin/audit?limit=100&failures=true", nil).must(t, 200).Body, &list); err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, entry := range list {
			if entry["adminUserId"] != intruder.userID() {
				if strings.HasPrefix(entry["dataAffected"].(string), "admin_route:") {
					t.Errorf("an admin's request audited as refused: %v", entry)
				}
				continue
			}
			count[entry["dataAffected"].(string)]++
			raw, _ := json.Marshal(entry)
			if strings.Contains(string(raw), "curiosa") || strings.Contains(string(raw), "Curiosa") {
				t.Errorf("an entry carries personal data: %s", raw)
			}
			if !strings.HasPrefix(entry["action"].(string), "Acesso negado") || entry["success"] != false {
				t.Errorf("entry: %v", entry)
			}
		}
		for _, r := range routes {
			if got := count["admin_route:"+r.pattern]; got != rounds {
				t.Errorf("%s: %d entries, want one a round (%d)", r.pattern, got, rounds)
			}
		}
		if len(count) != len(routes) {
			t.Errorf("entries by data: %v", count)
		}
	}, adminEnv)
}
