//go:build !race

package httpapi_test

// raceEnabled is true when the race detector is on: timing tests skip.
const raceEnabled = false
