package httpapi_test

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/httpapi"
)

// invite has owner invite someone with role (linked to professional pro,
// if any) and returns the link's token.
func invite(t *testing.T, owner *client, role, pro string) string {
	t.Helper()
	body := map[string]any{"role": role, "name": "Juliana Prado"}
	if pro != "" {
		body["professionalId"] = pro
	}
	r := owner.do("POST", "/api/v1/team/invitations", body).must(t, 201).JSON
	link := r["link"].(string)
	return link[strings.LastIndex(link, "/")+1:]
}

// joinTeam signs up a new account from an invitation of owner's: a member
// with role, signed in to owner's store.
func joinTeam(t *testing.T, owner *client, role, pro, name, email string) *client {
	t.Helper()
	token := invite(t, owner, role, pro)
	c := owner.e.client()
	r := c.do("POST", "/api/v1/auth/signup", map[string]string{"name": name, "email": email, "password": testPassword,
		"acceptedTerms": domain.TermsVersion, "invitation": token}).must(t, 201)
	c.adopt(r)
	return c
}

// seedTeam gives owner a (canary-named) member and a pending invitation,
// for the tenant-isolation cases.
func seedTeam(t *testing.T, owner *client, fx map[string]string) {
	t.Helper()
	m := joinTeam(t, owner, domain.RoleProfessional, fx["professionals"], "Carla "+canary, "carla@example.com")
	fx["members"] = m.userID()
	r := owner.do("POST", "/api/v1/team/invitations", map[string]any{"role": "recepcao", "name": "Rita " + canary}).must(t, 201).JSON
	fx["invitations"] = r["invitation"].(map[string]any)["id"].(string)
}

// The story of issue 26 through the API: an invitation sent, previewed and
// accepted by a new account that lands in the owner's store with its role;
// what the role may not do is refused; removing the member ends their
// session at once.
func TestAMemberJoinsActsAndIsRemoved(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		owner := e.client().signUp("Dona Beatriz", "dona@example.com")
		fx := seedCatalogue(t, owner)
		token := invite(t, owner, domain.RoleProfessional, fx["professionals"])

		prev := e.client().do("POST", "/api/v1/invitations/preview", map[string]string{"token": token}).must(t, 200).JSON
		if prev["role"] != "profissional" || prev["invitedBy"] != "Dona Beatriz" || prev["name"] != "Juliana Prado" {
			t.Errorf("preview: %v", prev)
		}
		ju := e.client()
		r := ju.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Juliana Prado", "email": "ju@example.com",
			"password": testPassword, "acceptedTerms": domain.TermsVersion, "invitation": token}).must(t, 201)
		ju.adopt(r)
		seat := r.JSON["store"].(map[string]any)
		if seat["storeId"] != owner.userID() || seat["role"] != "profissional" || seat["professionalId"] != fx["professionals"] {
			t.Errorf("the member's seat: %v", seat)
		}
		// The link was one use.
		again := e.client().do("POST", "/api/v1/invitations/preview", map[string]string{"token": token})
		if again.Status != 400 || again.ErrMessage() != "Este convite já foi usado. Entre com a sua conta para acessar o salão." {
			t.Errorf("a spent link: %d %s", again.Status, again.Body)
		}
		// She works in the owner's store: its professionals, not an empty store.
		expectListed(t, ju, "/api/v1/professionals", "Profissional")
		if r := ju.do("GET", "/api/v1/reports?from=2026-12-01&to=2026-12-31", nil); r.Status != 200 {
			t.Errorf("her own figures: %d %s", r.Status, r.Body)
		}
		// Her client's phone comes masked, and the masked phone opens every client route.
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00")).must(t, 201)
		masked := ju.do("GET", "/api/v1/appointments?from=2026-12-10&to=2026-12-10", nil).must(t, 200).
			JSON["items"].([]any)[0].(map[string]any)["clientPhone"].(string)
		if !strings.HasPrefix(masked, "m1195678.") {
			t.Fatalf("her client's phone: %q", masked)
		}
		for _, path := range []string{"/api/v1/clients/" + masked, "/api/v1/clients/" + masked + "/consent", "/api/v1/clients/" + masked + "/rewards"} {
			if r := ju.do("GET", path, nil); r.Status != 200 || strings.Contains(string(r.Body), "91234") {
				t.Errorf("GET %s: %d %s", path, r.Status, r.Body)
			}
		}
		chat := ju.do("POST", "/api/v1/clients/"+masked+"/whatsapp", map[string]string{"text": "Oi"}).must(t, 200)
		if chat.JSON["link"] != "https://wa.me/5511912345678?text=Oi" {
			t.Errorf("WhatsApp through the server: %s", chat.Body)
		}
		if r := owner.do("GET", "/api/v1/clients/"+masked, nil); r.Status != 200 {
			t.Errorf("the owner opening the masked phone: %d", r.Status)
		}
		for _, path := range []string{"/api/v1/team", "/api/v1/plan/overview"} {
			if r := ju.do("GET", path, nil); r.Status != 403 || r.ErrMessage() != "Operação não autorizada por questões de segurança" {
				t.Errorf("%s as profissional: %d %s", path, r.Status, r.Body)
			}
		}
		if r := ju.do("PUT", "/api/v1/store", validStore("Tomado")); r.Status != 403 {
			t.Errorf("store edit as profissional: %d", r.Status)
		}
		team := owner.do("GET", "/api/v1/team", nil).must(t, 200).JSON
		members := team["members"].([]any)
		if len(members) != 2 || members[0].(map[string]any)["role"] != "dono" || members[1].(map[string]any)["email"] != "ju@example.com" {
			t.Errorf("team: %v", members)
		}
		if st := team["invitations"].([]any)[0].(map[string]any)["state"]; st != "aceito" {
			t.Errorf("the invitation's state: %v", st)
		}

		owner.do("DELETE", "/api/v1/team/members/"+ju.userID(), nil).must(t, 204)
		if r := ju.do("GET", "/api/v1/professionals", nil); r.Status != 401 {
			t.Errorf("a removed member's session: %d", r.Status)
		}
		if r := owner.do("DELETE", "/api/v1/team/members/"+owner.userID(), nil); r.Status != 422 {
			t.Errorf("removing the owner: %d %s", r.Status, r.Body)
		}
		// Signing in again, she has no store of the owner's: her own, empty.
		if r := ju.signIn("ju@example.com", testPassword); r.JSON["store"].(map[string]any)["storeId"] != ju.userID() {
			t.Errorf("after removal: %v", r.JSON["store"])
		}
		if r := ju.do("GET", "/api/v1/professionals", nil).must(t, 200); strings.Contains(string(r.Body), "Profissional") {
			t.Errorf("a removed member still sees the store: %s", r.Body)
		}
		// Her seat is an account like any other: a salon and a plan of her own.
		ju.do("GET", "/api/v1/dashboard", nil).must(t, 200)
	})
}

// The role matrix (issue 26): every signed-in route of the table, called by
// a manager, a receptionist and a professional of owner A's store, aimed at
// A's objects as the tenant-isolation cases aim them. A route the role is
// not granted answers 403; a professional, linked to another professional
// record than the one A's objects name, finds those objects not found and
// is refused lists of another's agenda; what a role is granted is served.
// Owner B (another store) is TestTenantIsolation's.
func TestTheRoleMatrix(t *testing.T) {
	// Cases whose body or query names A's seeded professional (not the
	// professional's own): a list of another's agenda is refused, a
	// detail of it not found.
	namesAnother := map[string]int{
		"blocked-time-for-A-professional": 403, "appointment-with-A-catalogue": 403, "series-with-A-catalogue": 403,
		"report-of-A-professional": 403, "export-of-A-professional": 403, "availability-of-A": 404,
		"calendar-feed-of-A": 403,
		"client-by-B":        403, // a profissional's clients are the ones they served
	}
	scopedObjects := regexp.MustCompile(`^/api/v1/(appointments|trash|blocked-times|clients)/\{`)
	for _, role := range domain.MemberRoles {
		t.Run(role, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, e *env) {
				a := e.client().signUp("Ana "+canary, "a@example.com")
				fx := seedOwner(t, a)
				seedTeam(t, a, fx)
				bodies := isolationBodies(e, a, fx, seedCatalogue(t, e.client().signUp("Bruno", "b@example.com")))
				other := a.do("POST", "/api/v1/professionals", professionalBody("Outra Profissional")).must(t, 201).JSON["id"].(string)
				pro := ""
				if role == domain.RoleProfessional {
					pro = other
				}
				m := joinTeam(t, a, role, pro, "Membro", role+"@example.com")
				cells := 0
				// Leaving the team ends the member's seat in it: that cell is the last.
				routes := slices.Clone(e.api.Routes())
				slices.SortStableFunc(routes, func(x, y httpapi.Route) int {
					return cmp.Compare(b2i(x.Pattern == "/api/v1/team/leave"), b2i(y.Pattern == "/api/v1/team/leave"))
				})
				for _, rt := range routes {
					key := rt.Method + " " + rt.Pattern
					tc := isolationCases[key]
					if rt.Access != httpapi.User || tc.asB == 0 { // the event stream never ends: TestEventsReachOnlyTheirOwner
						continue
					}
					path, body := aim(rt, tc, fx, bodies)
					r := m.do(rt.Method, path, body)
					cells++
					want := 0 // served: neither refused nor failed
					name, _ := tc.body.(string)
					switch {
					case !domain.Can(role, rt.Perm):
						want = 403
					case role != domain.RoleProfessional:
					case scopedObjects.MatchString(rt.Pattern):
						want = 404
					case namesAnother[name] != 0:
						want = namesAnother[name]
					case namesAnother[tc.query] != 0:
						want = namesAnother[tc.query]
					}
					switch {
					case want != 0 && r.Status != want:
						t.Errorf("%s as %s: got %d, want %d (%s)", key, role, r.Status, want, r.Body)
					case want == 0 && (r.Status == 401 || r.Status == 403 || r.Status >= 500):
						t.Errorf("%s as %s: got %d, want it served (%s)", key, role, r.Status, r.Body)
					}
					if want == 403 && r.ErrMessage() != "Operação não autorizada por questões de segurança" {
						t.Errorf("%s as %s: refused with %q", key, role, r.ErrMessage())
					}
					if role == domain.RoleProfessional {
						for _, private := range []string{"Cliente " + canary, "Lixo " + canary, "Folga " + canary, "98888"} {
							if strings.Contains(string(r.Body), private) {
								t.Errorf("%s as profissional showed another's %q: %s", key, private, r.Body)
							}
						}
					}
					if r.Status == 200 && (strings.HasSuffix(rt.Pattern, "/stores/switch") || strings.HasSuffix(rt.Pattern, "/invitations/accept") ||
						strings.HasSuffix(rt.Pattern, "/team/leave")) {
						m.adopt(r) // the session was replaced
					}
				}
				if cells < 74 {
					t.Errorf("the matrix ran %d routes for %s", cells, role)
				}
			})
		})
	}
}

// An invitation with an email goes out through SMTP (a real conversation
// with the test listener), in Portuguese, with the salon's name and a link
// that creates the account on the team.
func TestAnInvitationGoesByEmail(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		owner := e.client().signUp("Dona Beatriz", "dona@example.com")
		owner.do("PUT", "/api/v1/store", validStore("Salão Beleza Pura")).must(t, 200)
		r := owner.do("POST", "/api/v1/team/invitations", map[string]any{"role": "recepcao", "name": "Rita Alves",
			"email": "Rita@Example.com"}).must(t, 201).JSON
		if r["emailed"] != true {
			t.Fatalf("not emailed: %v", r)
		}
		m := decodeMail(t, e.mail.Wait(t, 1, mailTimeout))
		if m.To != "rita@example.com" || m.Subject != "Convite para a equipe do Salão Beleza Pura no Agendo" {
			t.Errorf("to %q, subject %q", m.To, m.Subject)
		}
		link := r["link"].(string)
		if !strings.Contains(m.Body, "Olá, Rita! Você recebeu um convite para a equipe do Salão Beleza Pura no Agendo, na função Recepção.") ||
			!strings.Contains(m.Body, link) {
			t.Errorf("body:\n%s", m.Body)
		}
		token := link[strings.LastIndex(link, "/")+1:]
		rita := e.client()
		res := rita.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Rita Alves", "email": "rita@example.com",
			"password": testPassword, "acceptedTerms": domain.TermsVersion, "invitation": token}).must(t, 201)
		if seat := res.JSON["store"].(map[string]any); seat["role"] != "recepcao" || seat["storeId"] != owner.userID() {
			t.Errorf("seat: %v", seat)
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
