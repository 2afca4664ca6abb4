package main

import (
	"context"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(n ...int) []time.Duration {
		out := make([]time.Duration, len(n))
		for i, v := range n {
			out[i] = time.Duration(v) * time.Millisecond
		}
		return out
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = i + 1
	}
	cases := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"empty", nil, 50, 0},
		{"one value", ms(7), 99, 7 * time.Millisecond},
		{"median of an odd count", ms(1, 2, 3, 4, 5), 50, 3 * time.Millisecond},
		{"median of an even count is the lower middle", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"p99 of 1..100", ms(hundred...), 99, 99 * time.Millisecond},
		{"p50 of 1..100", ms(hundred...), 50, 50 * time.Millisecond},
		{"p100 is the maximum", ms(1, 2, 30), 100, 30 * time.Millisecond},
		{"p0 is the minimum", ms(4, 5, 6), 0, 4 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.sorted, tc.p); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestReplaceSection(t *testing.T) {
	section := beginMarker + "\nnew figures\n" + endMarker + "\n"
	cases := []struct{ name, doc, want string }{
		{"replaces the old section", "# B\n\nintro\n\n" + beginMarker + "\nold\n" + endMarker + "\n\n## Next\n",
			"# B\n\nintro\n\n" + section + "\n## Next\n"},
		{"old section at the very end", "# B\n" + beginMarker + "\nold\n" + endMarker, "# B\n" + section},
		{"first time: before the first section", "# B\n\nintro\n\n## Accounts\n", "# B\n\nintro\n\n" + section + "\n## Accounts\n"},
		{"first time, no section: appended", "# B\n", "# B\n\n" + section},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := replaceSection(tc.doc, section)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if _, err := replaceSection("# B\n"+beginMarker+"\nno end\n", section); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a lone marker: got %v, want an error", err)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100000: "100,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d): got %s, want %s", n, got, want)
		}
	}
}

func TestSeedWritesAStoreWithoutOverlaps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seed.db")
	const size = 3 * perDay
	m, err := seed(context.Background(), path, size, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if m.Slug == "" || len(m.Professionals) != professionals || len(m.Services) != services ||
		m.Other.Slug == "" || m.Other.Slug == m.Slug || m.Other.Size != otherSize {
		t.Fatalf("manifest: got %+v", m)
	}
	for _, p := range []string{path + ".json", path} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("got %v, want %s written", err, p)
		}
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Errorf("a WAL is left next to %s", path)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n, overlaps, premium int
	if err := db.QueryRow(`SELECT COUNT(*) FROM appointments`).Scan(&n); err != nil || n != size+otherSize {
		t.Errorf("appointments: got %d (%v), want %d", n, err, size+otherSize)
	}
	err = db.QueryRow(`SELECT COUNT(*) FROM (SELECT 1 FROM appointments GROUP BY professional_id, date, time HAVING COUNT(*) > 1)`).Scan(&overlaps)
	if err != nil || overlaps != 0 {
		t.Errorf("times a professional holds twice: got %d (%v), want 0", overlaps, err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM user_plans WHERE type = 'premium'`).Scan(&premium); err != nil || premium != 2 {
		t.Errorf("premium owners: got %d (%v), want 2", premium, err)
	}
}

// TestLoadMeasuresEveryPath runs the whole harness, tiny, against the real
// binary: on SQLite, and on PostgreSQL when AGENDO_TEST_DATABASE_URL names
// a server. Every path must be answered without an error.
func TestLoadMeasuresEveryPath(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "agendo")
	build := exec.Command("go", "build", "-o", bin, "agendo/cmd/agendo")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	doc := filepath.Join(dir, "benchmarks.md")
	if err := os.WriteFile(doc, []byte("# Benchmarks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := options{bin: bin, dir: dir, doc: doc, sizes: []int{300}, sizesFlag: "300", conns: 4, rounds: 1,
		duration: time.Second, postgres: os.Getenv("AGENDO_TEST_DATABASE_URL"), skipStreams: true}
	if o.postgres != "" {
		t.Cleanup(func() {
			// The seed's database is a cache of runs; a test's is not.
			pg, err := openPostgres(context.Background(), o.postgres)
			if err != nil {
				t.Error(err)
				return
			}
			defer pg.Close()
			if err := pg.drop(context.Background(), pgSeedName(300)); err != nil {
				t.Error(err)
			}
		})
	}
	var out strings.Builder
	if err := load(context.Background(), o, &out); err != nil {
		t.Fatalf("load: %v\n%s", err, out.String())
	}
	raw, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := string(raw)
	want := []string{"| public booking (distinct free times) |", "| owner creates an appointment (distinct free times) |",
		"| owner status change, 1 connection |", "| another store's public booking, beside the owner's status changes |",
		"of raw inserts", "of alone, p50"}
	if o.postgres != "" {
		want = append(want, "### PostgreSQL, 300 appointments", "| public booking, 2 instances (connections split) |")
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the report lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, " errors)") {
		t.Errorf("a path answered errors:\n%s", out.String())
	}
}

// TestWriteTable checks what a row says from its result.
func TestWriteTable(t *testing.T) {
	ok := result{requests: 100, elapsed: time.Second, cpu: 300 * time.Millisecond, lat: []time.Duration{time.Millisecond}}
	slow := result{requests: 40, elapsed: time.Second, lat: []time.Duration{3 * time.Millisecond}}
	tb := &table{raw: result{requests: 200, elapsed: time.Second}}
	*tb.add(pathOtherAlone) = ok
	*tb.add(pathOtherBeside) = slow
	*tb.add(pathOwnerCreate) = ok
	var b strings.Builder
	writeTable(&b, tb)
	for _, w := range []string{
		"| another store's public booking, alone | 100 | 1.00 ms | 1.00 ms | 3.00 ms | 0 | — | — | 50 % of raw inserts |",
		"| **40 %** of alone, p50 **×3.0** |",
		"| within 2× of alone (req/s, p50) | **no** (req/s, p50) |",
	} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("got\n%s\nwant a line with %q", b.String(), w)
		}
	}
}
