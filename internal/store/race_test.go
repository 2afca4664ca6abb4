//go:build race

package store_test

// raceEnabled is true when the race detector is on, which makes SQLite
// (compiled to Go) some thirty times slower: big data sets shrink.
const raceEnabled = true
