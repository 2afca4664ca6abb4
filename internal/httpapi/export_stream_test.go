package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// addHistory gives the owner n more appointments, from the (from+1)-th on,
// each with a client of its own, a fifth of them moved to the trash: the
// kinds of the export that grow with a salon's history.
func addHistory(t *testing.T, e *env, userID string, fx map[string]string, from, n int) {
	t.Helper()
	start := time.Now()
	ctx := context.Background()
	now := e.clock.Now().UTC().Truncate(time.Second)
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	list := make([]domain.Appointment, 0, n)
	for i := from; i < from+n; i++ {
		price, method := int64(3000+i%7*500), domain.PaymentMethods[i%4]
		list = append(list, domain.Appointment{ID: fmt.Sprintf("b0000000-0000-4000-8000-%012d", i),
			ClientName: fmt.Sprintf("Cliente %05d", i), ClientPhone: fmt.Sprintf("+55119%08d", i),
			ServiceID: fx["services"], ProfessionalID: fx["professionals"],
			Date: day.AddDate(0, 0, i/20).Format(time.DateOnly), Time: fmt.Sprintf("%02d:%02d", 8+i%20/2, i%2*30),
			DurationMin: 30, Status: domain.StatusCompleted, PaymentMethod: &method, Price: &price,
			Notes: "Prefere água sem gás", Source: domain.SourceOwner, CreatedAt: now, UpdatedAt: now})
	}
	if err := e.db.Write(ctx, func(tx *store.Tx) error { return tx.ImportAppointments(ctx, userID, list) }); err != nil {
		t.Fatal(err)
	}
	// Into the trash with SQL: moving them one by one refreshes the
	// summaries each time, minutes under the race detector.
	pool := e.db.Pools()["writer"]
	if pool == nil {
		pool = e.db.Pools()["pool"]
	}
	const trashed = `user_id = $1 AND id >= $2 AND id < $3 AND substr(id, 36, 1) IN ('4', '9')`
	lo, hi := list[0].ID, fmt.Sprintf("b0000000-0000-4000-8000-%012d", from+n)
	if _, err := pool.Exec(`INSERT INTO deleted_appointments (id, original_id, user_id, client_name, client_phone,
		service_id, professional_id, date, time, duration_min, status, payment_method, price, notes, source,
		reminder_sent_at, deleted_at, created_at)
		SELECT 'd' || substr(id, 2), id, user_id, client_name, client_phone, service_id, professional_id, date, time,
		duration_min, status, payment_method, price, notes, source, reminder_sent_at, created_at, created_at
		FROM appointments WHERE `+trashed, userID, lo, hi); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(`DELETE FROM appointments WHERE `+trashed, userID, lo, hi); err != nil {
		t.Fatal(err)
	}
	t.Logf("added %d appointments in %s", n, time.Since(start).Round(time.Millisecond))
}

// heapProbe discards an export while sampling the live heap (after a
// collection) every few writes: what the export keeps while it writes.
type heapProbe struct {
	writes, bytes int
	peak          uint64
}

func (p *heapProbe) Write(b []byte) (int, error) {
	if p.writes%8 == 0 {
		p.sample()
	}
	p.writes++
	p.bytes += len(b)
	return len(b), nil
}

func (p *heapProbe) sample() {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	p.peak = max(p.peak, m.HeapAlloc)
}

// exportHeld returns how many bytes of live heap an account export held
// above what was live before it, and how many bytes it wrote.
func exportHeld(t *testing.T, e *env, userID string) (held uint64, wrote int) {
	t.Helper()
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p := &heapProbe{}
	if err := e.app.ExportAccount(context.Background(), app.Owner(userID, ""), func(string) io.Writer { return p }); err != nil {
		t.Fatal(err)
	}
	p.sample()
	return p.peak - min(p.peak, before.HeapAlloc), p.bytes
}

// The account export writes each row as it reads it: two thousand more
// appointments, clients and trashed ones do not make it hold more memory.
// (Read into lists first, they held ≈ 700 bytes a row.)
func TestAnAccountExportDoesNotHoldTheHistoryInMemory(t *testing.T) {
	eachEngineSerially(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "a@example.com")
		fx := seedCatalogue(t, a)
		const small, more = 200, 2_000
		addHistory(t, e, a.userID(), fx, 0, small)
		exportHeld(t, e, a.userID()) // warm: statement caches, pools, the zip's compressors
		heldSmall, wroteSmall := exportHeld(t, e, a.userID())
		addHistory(t, e, a.userID(), fx, small, more)
		heldLarge, wroteLarge := exportHeld(t, e, a.userID())
		t.Logf("%d rows: held %d KB, wrote %d KB; %d rows: held %d KB, wrote %d KB",
			small, heldSmall>>10, wroteSmall>>10, small+more, heldLarge>>10, wroteLarge>>10)
		if wroteLarge < 5*wroteSmall {
			t.Fatalf("the larger export wrote %d bytes against %d: the history is not in it", wroteLarge, wroteSmall)
		}
		// 100 bytes a row is well under what a row read into a list holds;
		// the live heap measured after a collection moves by a few KB.
		if grew := int64(heldLarge) - int64(heldSmall); grew > more*100 {
			t.Errorf("%d more rows made the export hold %d KB more (%d bytes a row), want it flat", more, grew>>10, grew/more)
		}
	})
}

// The export holds every blocked time: the list's page of 1,000 is not
// where it stops.
func TestAnAccountExportHoldsEveryBlockedTime(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "a@example.com")
		fx := seedCatalogue(t, a)
		ctx, now, reason := context.Background(), e.clock.Now(), "Almoço"
		const n = 1_001
		err := e.db.Write(ctx, func(tx *store.Tx) error {
			for i := range n {
				b := domain.BlockedTime{ID: fmt.Sprintf("c0000000-0000-4000-8000-%012d", i), ProfessionalID: fx["professionals"],
					Date:      time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.DateOnly),
					StartTime: "12:00", EndTime: "13:00", Reason: &reason}
				if err := tx.SaveBlockedTime(ctx, a.userID(), b, now, true); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := e.app.ExportAccount(ctx, app.Owner(a.userID(), ""), func(string) io.Writer { return &out }); err != nil {
			t.Fatal(err)
		}
		z, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()))
		if err != nil {
			t.Fatal(err)
		}
		rc, err := z.Open("bloqueios.csv")
		if err != nil {
			t.Fatal(err)
		}
		csv, _ := io.ReadAll(rc)
		rc.Close()
		if got := strings.Count(string(csv), "\r\n") - 1; got != n {
			t.Errorf("bloqueios.csv: got %d blocked times, want %d", got, n)
		}
	})
}

// A failure once the download has begun cannot be a JSON error any more:
// the response is cut short (the client's read fails) and the cause is in
// the log — never a 200 that ends as if the zip were whole. Before any byte
// is out, it is the usual error.
func TestAnExportThatFailsMidwayIsCutShort(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "a@example.com")
		fx := seedCatalogue(t, a)
		addHistory(t, e, a.userID(), fx, 0, 3_000)
		get := func() (*http.Response, []byte, error) {
			req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/account/export", nil)
			req.Header.Set("Authorization", "Bearer "+a.token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			return res, body, err
		}
		// An owner with one appointment, for a failure before any byte.
		small := e.client().signUp("Bia", "b@example.com")
		addHistory(t, e, small.userID(), seedCatalogue(t, small), 10_000, 1)

		res, body, err := get()
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("the whole export: %v %d", err, res.StatusCode)
		}
		if _, err := zip.NewReader(bytes.NewReader(body), int64(len(body))); err != nil {
			t.Fatalf("the whole export is no zip: %v", err)
		}

		// The last appointment (by date) now holds a price no program
		// reads: the export fails there, well after its first bytes left.
		pool := e.db.Pools()["writer"]
		if pool == nil {
			pool = e.db.Pools()["pool"]
			if _, err := pool.Exec(`ALTER TABLE appointments ALTER COLUMN price TYPE TEXT USING price::text`); err != nil {
				t.Fatal(err)
			}
			// New connections: the old ones' prepared statements would
			// fail on the changed column before the export began.
			pool.SetMaxIdleConns(0)
			pool.SetMaxIdleConns(16)
		}
		// (The 3,000th went to the trash: the 2,999th is the last.)
		if res, err := pool.Exec(`UPDATE appointments SET price = 'R$ 30' WHERE id = $1`, "b0000000-0000-4000-8000-000000002998"); err != nil {
			t.Fatal(err)
		} else if n, _ := res.RowsAffected(); n != 1 {
			t.Fatalf("changed %d appointments, want the last one", n)
		}
		res, body, err = get()
		if res.StatusCode != 200 || err == nil {
			t.Fatalf("a download that failed midway: got %d, read %d bytes, error %v; want 200 and a read error", res.StatusCode, len(body), err)
		}
		if len(body) == 0 {
			t.Errorf("nothing was sent before the failure: the test does not test a failure midway")
		}
		logs := e.logBuf.String()
		if !strings.Contains(logs, `"msg":"download cut short"`) || !strings.Contains(logs, `"aborted":true`) {
			t.Errorf("the failure is not in the log:\n%s", logs[max(0, len(logs)-3000):])
		}

		// Before the first byte: the usual JSON error.
		if _, err := pool.Exec(`UPDATE appointments SET price = 'R$ 30' WHERE user_id = $1`, small.userID()); err != nil {
			t.Fatal(err)
		}
		if r := small.do("GET", "/api/v1/account/export", nil); r.Status != 500 || r.ErrCode() != "internal" {
			t.Errorf("a failure before the first byte: got %d %s", r.Status, r.Body)
		}
	})
}

// gate holds exports in their open (hold) until it opens, counting how many
// it holds at once.
type gate struct {
	entered chan struct{}
	release chan struct{}
	once    sync.Once
	now     atomic.Int32
	peak    atomic.Int32
}

// newGate returns a gate that opens at the latest when the test ends (a
// failed test must not leave exports holding the database).
func newGate(t *testing.T) *gate {
	g := &gate{entered: make(chan struct{}, 100), release: make(chan struct{})}
	t.Cleanup(g.open)
	return g
}

func (g *gate) open() { g.once.Do(func() { close(g.release) }) }

func (g *gate) hold(string) io.Writer {
	n := g.now.Add(1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	g.entered <- struct{}{}
	<-g.release
	g.now.Add(-1)
	return io.Discard
}

// At most app.MaxConcurrentExports account exports run at once on an
// instance; the others are refused at once with 429, Retry-After and a
// message in Portuguese, and a slot is free again when its export ends,
// whether it succeeded or failed.
func TestAccountExportsRunAtMostTwoAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		const callers, rounds = 8, 4
		owners := make([]*client, callers)
		for i := range owners {
			owners[i] = e.client().signUp(fmt.Sprintf("Dona %d", i), fmt.Sprintf("dona%d@example.com", i))
		}
		for round := range rounds {
			g := newGate(t)
			errs := make(chan error, callers)
			for _, o := range owners {
				go func() {
					errs <- e.app.ExportAccount(context.Background(), app.Owner(o.userID(), ""), g.hold)
				}()
			}
			// The refused return at once; the admitted wait in open.
			deadline := time.After(30 * time.Second)
			entered, refused := 0, 0
			for entered < app.MaxConcurrentExports || refused < callers-app.MaxConcurrentExports {
				select {
				case <-g.entered:
					entered++
				case err := <-errs:
					var de *domain.Error
					if !errors.As(err, &de) || de.Code != domain.CodeRateLimited || de.RetryAfterSeconds <= 0 ||
						de.Message != "Outra exportação está em andamento. Tente de novo em instantes." {
						t.Fatalf("round %d: a refused export: got %v", round, err)
					}
					refused++
				case <-deadline:
					t.Fatalf("round %d: %d exports running and %d refused, want %d and %d", round, entered, refused,
						app.MaxConcurrentExports, callers-app.MaxConcurrentExports)
				}
			}
			if entered > app.MaxConcurrentExports {
				t.Fatalf("round %d: %d exports ran at once", round, entered)
			}
			if round == 0 {
				// Over HTTP, the same refusal.
				r := owners[0].do("GET", "/api/v1/account/export", nil)
				if r.Status != 429 || r.Header.Get("Retry-After") == "" ||
					r.ErrMessage() != "Outra exportação está em andamento. Tente de novo em instantes." {
					t.Errorf("a third export over HTTP: got %d %q %s", r.Status, r.Header.Get("Retry-After"), r.Body)
				}
			}
			g.open()
			for range app.MaxConcurrentExports {
				if err := <-errs; err != nil {
					t.Fatalf("round %d: an admitted export: %v", round, err)
				}
			}
			if p := g.peak.Load(); p > app.MaxConcurrentExports {
				t.Fatalf("round %d: %d exports ran at once", round, p)
			}
		}
		// A failed export frees its slot too.
		gone, cancel := context.WithCancel(context.Background())
		cancel()
		for range app.MaxConcurrentExports + 1 {
			if err := e.app.ExportAccount(gone, app.Owner(owners[0].userID(), ""), func(string) io.Writer { return io.Discard }); err == nil {
				t.Fatal("an export with its request gone succeeded")
			}
		}
		owners[0].do("GET", "/api/v1/account/export", nil).must(t, 200)
	})
}
