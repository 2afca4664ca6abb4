package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"agendo/internal/mail/mailtest"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// The outbox survives kill -9 (issue 28): servers are killed again and
// again, mid-send, while owners book clients who left an email; in the end
// every message is in the mailbox once (a message a server was killed
// sending goes again with its Message-ID, which a mailbox reads as one),
// and the outbox says each one was sent. Two servers share the database at
// the end, so a message is also not sent by both.
func TestNoMessageIsLostOrDoubledByKillNine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real server several times")
	}
	bin := agendoBinary(t)
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			dsn := storetest.DSN(t, engine)
			mails := mailtest.Start(t)
			mails.Slow(15 * time.Millisecond) // kills land mid-conversation
			env := []string{"AGENDO_SMTP_URL=" + mails.URL(), "AGENDO_MESSAGE_LEASE=1s"}
			const salons, clients = 3, 8
			for s := range salons {
				srv := startServerOn(t, bin, dsn, env...)
				owner := srv.signUp(t, fmt.Sprintf("kill%d@example.com", s))
				pro := srv.create(t, owner, "/api/v1/professionals", `{"name":"Ana Lima","role":"Cabeleireira","calendarType":"app"}`)
				svc := srv.create(t, owner, "/api/v1/services", `{"name":"Corte","duration":30,"price":4590,"professionalIds":["`+pro+`"]}`)
				for c := range clients {
					srv.create(t, owner, "/api/v1/appointments", fmt.Sprintf(`{"clientName":"Cliente %d","clientPhone":"+55119%04d%04d",
						"clientEmail":"c%d-%d@example.com","serviceId":"%s","professionalId":"%s","date":"%s","time":"%02d:00","force":true}`,
						c, 1000+s, 1000+c, s, c, svc, pro, time.Now().AddDate(0, 0, 3).Format(time.DateOnly), 9+c))
				}
				time.Sleep(time.Duration(rand.IntN(200)) * time.Millisecond)
				srv.kill(t)
			}
			// Two servers at once finish what was left: a message a killed
			// server held goes once its lease (1 s) ran out.
			a, b := startServerOn(t, bin, dsn, env...), startServerOn(t, bin, dsn, env...)
			want := salons * clients
			db, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			notices := func() (sent, other int) {
				for _, row := range storetest.Rows(t, db)["messages"] {
					switch {
					case !strings.Contains(row, "| booked |"):
					case strings.Contains(row, "| sent |"):
						sent++
					default:
						other++
					}
				}
				return sent, other
			}
			for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
				if sent, _ := notices(); sent == want {
					break
				}
			}
			time.Sleep(2 * time.Second) // a doubled one would arrive by now
			a.kill(t)
			b.kill(t)

			ids, perRecipient, again := map[string]int{}, map[string]map[string]bool{}, 0
			for _, m := range mails.All() {
				id := messageID(m.Data)
				if ids[id]++; ids[id] > 1 {
					again++
				}
				if perRecipient[m.To[0]] == nil {
					perRecipient[m.To[0]] = map[string]bool{}
				}
				perRecipient[m.To[0]][id] = true
			}
			if len(perRecipient) != want {
				t.Errorf("%d clients got their notice, want %d", len(perRecipient), want)
			}
			for to, got := range perRecipient {
				if len(got) != 1 {
					t.Errorf("%s got %d different notices", to, len(got))
				}
			}
			if sent, other := notices(); sent != want || other != 0 {
				t.Errorf("outbox: %d notices sent, %d not, want %d sent", sent, other, want)
			}
			t.Logf("%d notices, %d sent again with their Message-ID after a kill", want, again)
		})
	}
}

var messageIDLine = regexp.MustCompile(`(?m)^Message-ID: <([^>]+)>`)

func messageID(data string) string {
	if m := messageIDLine.FindStringSubmatch(data); m != nil {
		return m[1]
	}
	return ""
}

// create POSTs body to path as token's owner and returns the new id.
func (s *rssServer) create(tb testing.TB, token, path, body string) string {
	tb.Helper()
	req, _ := http.NewRequest("POST", s.base+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	var out struct{ ID string }
	if res.StatusCode != http.StatusCreated || json.NewDecoder(res.Body).Decode(&out) != nil {
		tb.Fatalf("POST %s: %s", path, res.Status)
	}
	return out.ID
}

// kill ends the server with SIGKILL: no shutdown, nothing flushed.
func (s *rssServer) kill(tb testing.TB) {
	tb.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil && err != os.ErrProcessDone {
		tb.Fatal(err)
	}
	_ = s.cmd.Wait()
}
