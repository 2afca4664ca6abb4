// Command filegraph draws the files of one Go package as a graph — file A →
// file B when A uses a name that B declares — and says whether it has
// floors: no cycle, so no two files that use each other and no arrow that
// runs back up. It type-checks the package's non-test files (go/types, the
// standard library's source importer), so methods and fields count where
// they are declared.
//
//	go run ./cmd/filegraph ./internal/app          # floors, top first, and what breaks them
//	go run ./cmd/filegraph -dot ./internal/app     # Graphviz, for a picture
//
// It exits 1 when the graph has a cycle (`make check-graph` runs it on
// internal/app).
package main

import (
	"cmp"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	dot := flag.Bool("dot", false, "print the graph in Graphviz's dot language")
	why := flag.Bool("why", false, "list, for every arrow, the names it stands for")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: filegraph [-dot] DIR")
		os.Exit(2)
	}
	g, err := load(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "filegraph:", err)
		os.Exit(2)
	}
	if *dot {
		g.writeDot(os.Stdout)
		return
	}
	if *why {
		g.writeWhy(os.Stdout)
		return
	}
	if !g.report(os.Stdout) {
		os.Exit(1)
	}
}

// graph is a package's files and, for each, the files it uses (and by
// which names).
type graph struct {
	files []string
	uses  map[string]map[string]bool
	names map[[2]string]map[string]bool
}

// load type-checks dir's package (its non-test files) and draws its graph.
func load(dir string) (*graph, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check(files[0].Name.Name, fset, files, info)
	if err != nil {
		return nil, err
	}
	g := &graph{uses: map[string]map[string]bool{}, names: map[[2]string]map[string]bool{}}
	for _, f := range files {
		g.files = append(g.files, filepath.Base(fset.File(f.Pos()).Name()))
	}
	slices.Sort(g.files)
	// A name is the package's when its object was declared in one of its
	// files; the arrow goes from the file of the use to the file of the
	// declaration.
	add := func(at token.Pos, obj types.Object) {
		if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
			return
		}
		from := filepath.Base(fset.File(at).Name())
		to := filepath.Base(fset.File(obj.Pos()).Name())
		if from == to {
			return
		}
		if g.uses[from] == nil {
			g.uses[from] = map[string]bool{}
		}
		g.uses[from][to] = true
		arrow := [2]string{from, to}
		if g.names[arrow] == nil {
			g.names[arrow] = map[string]bool{}
		}
		g.names[arrow][obj.Name()] = true
	}
	for id, obj := range info.Uses {
		// Only names declared at the package's level, or methods and
		// fields of its types: a local variable never crosses files.
		switch o := obj.(type) {
		case *types.Var:
			if !o.IsField() && o.Parent() != pkg.Scope() {
				continue
			}
		case *types.Func:
			if o.Type().(*types.Signature).Recv() == nil && o.Parent() != pkg.Scope() {
				continue
			}
		case *types.Label, *types.PkgName:
			continue
		default:
			if obj.Parent() != nil && obj.Parent() != pkg.Scope() {
				continue
			}
		}
		add(id.Pos(), obj)
	}
	return g, nil
}

// cycles returns the graph's strongly connected components of more than
// one file (Tarjan's algorithm), each sorted, largest first.
func (g *graph) cycles() [][]string {
	index, low := map[string]int{}, map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	var out [][]string
	next := 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range slices.Sorted(maps.Keys(g.uses[v])) {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var scc []string
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			scc = append(scc, w)
			if w == v {
				break
			}
		}
		if len(scc) > 1 {
			slices.Sort(scc)
			out = append(out, scc)
		}
	}
	for _, f := range g.files {
		if _, seen := index[f]; !seen {
			visit(f)
		}
	}
	slices.SortFunc(out, func(a, b []string) int { return cmp.Compare(len(b), len(a)) })
	return out
}

// twoWay returns the pairs of files that use each other.
func (g *graph) twoWay() [][2]string {
	var out [][2]string
	for _, a := range g.files {
		for _, b := range slices.Sorted(maps.Keys(g.uses[a])) {
			if a < b && g.uses[b][a] {
				out = append(out, [2]string{a, b})
			}
		}
	}
	return out
}

// floors puts each file one floor above the highest file it uses (files
// that use none are floor 0); it is only meaningful without cycles.
func (g *graph) floors() map[string]int {
	floor := map[string]int{}
	var height func(f string, seen map[string]bool) int
	height = func(f string, seen map[string]bool) int {
		if h, ok := floor[f]; ok {
			return h
		}
		if seen[f] {
			return 0 // a cycle: reported apart
		}
		seen[f] = true
		h := 0
		for to := range g.uses[f] {
			h = max(h, height(to, seen)+1)
		}
		floor[f] = h
		return h
	}
	for _, f := range g.files {
		height(f, map[string]bool{})
	}
	return floor
}

// report prints the floors, top first, with each file's arrows, and what
// breaks them; it answers whether the graph has floors.
func (g *graph) report(w io.Writer) bool {
	arrows := 0
	for _, to := range g.uses {
		arrows += len(to)
	}
	cycles, pairs := g.cycles(), g.twoWay()
	floor := g.floors()
	top := 0
	for _, h := range floor {
		top = max(top, h)
	}
	fmt.Fprintf(w, "%d files, %d arrows, %d floors; %d two-way pairs; %d files in cycles\n",
		len(g.files), arrows, top+1, len(pairs), sum(cycles))
	for h := top; h >= 0; h-- {
		for _, f := range g.files {
			if floor[f] == h {
				fmt.Fprintf(w, "  %2d  %-24s → %s\n", h, f, strings.Join(slices.Sorted(maps.Keys(g.uses[f])), " "))
			}
		}
	}
	for _, p := range pairs {
		fmt.Fprintf(w, "two-way: %s ⇄ %s\n", p[0], p[1])
	}
	for _, c := range cycles {
		fmt.Fprintf(w, "cycle: %s\n", strings.Join(c, " "))
	}
	return len(cycles) == 0
}

func sum(cycles [][]string) int {
	n := 0
	for _, c := range cycles {
		n += len(c)
	}
	return n
}

func (g *graph) writeWhy(w io.Writer) {
	for _, f := range g.files {
		for _, to := range slices.Sorted(maps.Keys(g.uses[f])) {
			fmt.Fprintf(w, "%s → %s: %s\n", f, to, strings.Join(slices.Sorted(maps.Keys(g.names[[2]string{f, to}])), " "))
		}
	}
}

func (g *graph) writeDot(w io.Writer) {
	fmt.Fprintln(w, "digraph files {\n  rankdir=TB;\n  node [shape=box, fontname=monospace];")
	for _, f := range g.files {
		for _, to := range slices.Sorted(maps.Keys(g.uses[f])) {
			fmt.Fprintf(w, "  %q -> %q;\n", f, to)
		}
	}
	fmt.Fprintln(w, "}")
}
