package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writePackage writes files (name → body after the package clause) as one
// package in a temporary directory.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("package p\n\n"+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFloorsWithoutCycles(t *testing.T) {
	g, err := load(writePackage(t, map[string]string{
		"base.go":   "type App struct{ n int }\n\nfunc (a *App) Now() int { return a.n }\n",
		"text.go":   "func digits(s string) string { return s }\n",
		"people.go": "func (a *App) Name(s string) string { _ = a.Now(); return digits(s) }\n",
		"top.go":    "func use(a *App) string { return a.Name(\"x\") }\n",
		"a_test.go": "func helper(a *App) { _ = use(a) }\n", // tests are not drawn
	}))
	if err != nil {
		t.Fatal(err)
	}
	floor := g.floors()
	if floor["base.go"] != 0 || floor["text.go"] != 0 || floor["people.go"] != 1 || floor["top.go"] != 2 {
		t.Fatalf("floors %v", floor)
	}
	if len(g.cycles()) != 0 || len(g.twoWay()) != 0 {
		t.Fatalf("cycles %v, two-way %v", g.cycles(), g.twoWay())
	}
	var out strings.Builder
	if !g.report(&out) || !strings.HasPrefix(out.String(), "4 files, 4 arrows, 3 floors; 0 two-way pairs") {
		t.Fatalf("report:\n%s", out.String())
	}
}

func TestCyclesThroughMethodsAndFields(t *testing.T) {
	g, err := load(writePackage(t, map[string]string{
		"app.go":   "type App struct{ limits limits }\n",
		"rates.go": "type limits struct{ n int }\n\nfunc (a *App) take() int { return a.limits.n }\n",
		"c.go":     "func (a *App) c() int { return a.d() }\n",
		"d.go":     "func (a *App) d() int { return a.e() }\n",
		"e.go":     "func (a *App) e() int { _ = a.c; return a.take() }\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.twoWay(); !slices.Equal(got, [][2]string{{"app.go", "rates.go"}}) {
		t.Fatalf("two-way %v", got)
	}
	cycles := g.cycles()
	if len(cycles) != 2 || !slices.Equal(cycles[0], []string{"c.go", "d.go", "e.go"}) {
		t.Fatalf("cycles %v", cycles)
	}
	var out strings.Builder
	if g.report(&out) {
		t.Fatalf("a graph with cycles reported floors:\n%s", out.String())
	}
}
