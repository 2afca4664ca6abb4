// Command agendo-bench is Agendo's load harness (DESIGN.md section 12); `make
// bench` runs it. It is a separate program so none of it enters the product
// binary.
//
//	agendo-bench seed -size N -out PATH   write a seeded SQLite database
//	agendo-bench load [flags]             seed what is missing, run bin/agendo
//	                                      on each size (and, with -postgres, on
//	                                      PostgreSQL too), load it over HTTP and
//	                                      write the figures to docs/benchmarks.md
//
// Benchmarks measure; nothing here fails on time.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
	_ "time/tzdata" // the store's time zone on machines without zoneinfo
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "agendo-bench:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  agendo-bench seed -size N -out PATH
  agendo-bench load [-bin bin/agendo] [-sizes 10000,100000,500000] [-dir .bench]
                    [-doc docs/benchmarks.md] [-conns 16] [-duration 10s] [-warmup 2s] [-rounds 5]
                    [-postgres postgres://USER@HOST:PORT/DB?sslmode=disable]`

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) < 2 {
		return errors.New(usage)
	}
	switch args[1] {
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		size := fs.Int("size", 100_000, "appointments")
		out := fs.String("out", "", "the database file to write")
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		if *out == "" || *size < 1 {
			return errors.New(usage)
		}
		_, err := seed(ctx, *out, *size, stdout)
		return err
	case "load":
		fs := flag.NewFlagSet("load", flag.ContinueOnError)
		var o options
		var sizes string
		fs.StringVar(&o.bin, "bin", "bin/agendo", "the agendo binary to measure (make build)")
		fs.StringVar(&sizes, "sizes", "10000,100000,500000", "comma-separated store sizes, in appointments")
		fs.StringVar(&o.dir, "dir", ".bench", "where seeded databases are cached, and runs' copies and logs kept")
		fs.StringVar(&o.doc, "doc", "docs/benchmarks.md", "the document whose load-harness section is rewritten (empty: none)")
		fs.StringVar(&o.postgres, "postgres", "", "a PostgreSQL server's URL: measure the write paths there too, in databases made on it (empty: SQLite only)")
		fs.IntVar(&o.conns, "conns", 16, "keep-alive connections")
		fs.DurationVar(&o.duration, "duration", 10*time.Second, "how long each path is measured")
		fs.DurationVar(&o.warmup, "warmup", 2*time.Second, "how long each path runs before it is measured")
		fs.IntVar(&o.rounds, "rounds", 5, "slices each path's duration is measured in, interleaved with the other paths'")
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		for _, s := range strings.Split(sizes, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < perDay {
				return fmt.Errorf("-sizes: %q is not a number of appointments ≥ %d", s, perDay)
			}
			o.sizes = append(o.sizes, n)
		}
		o.sizesFlag = sizes
		if o.conns < 1 || o.rounds < 1 || o.duration <= 0 || o.warmup < 0 {
			return errors.New("-conns, -rounds and -duration must be positive")
		}
		bin, err := filepath.Abs(o.bin)
		if err != nil {
			return err
		}
		if _, err := os.Stat(bin); err != nil {
			return fmt.Errorf("%s: %w (build it with make build)", o.bin, err)
		}
		return load(ctx, o, stdout)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", args[1], usage)
}
