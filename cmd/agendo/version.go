package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at build time from the VERSION file:
// go build -ldflags "-X main.version=$(cat VERSION)".
var version = "dev"

// buildInfo names this build: the version, the commit Go stamped from git
// (with "+dirty" when the tree had changes) and the Go version.
type buildInfo struct {
	Version, Commit, Go string
}

var build = readBuild()

func readBuild() buildInfo {
	b := buildInfo{Version: version, Commit: "unknown", Go: runtime.Version()}
	if info, ok := debug.ReadBuildInfo(); ok {
		dirty := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = s.Value[:min(12, len(s.Value))]
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if dirty && b.Commit != "unknown" {
			b.Commit += "+dirty"
		}
	}
	return b
}

func (b buildInfo) String() string {
	return fmt.Sprintf("agendo %s (commit %s, %s)", b.Version, b.Commit, b.Go)
}
