package auth

import (
	"math"
	"sync"
	"time"
)

// Limiter is a token-bucket rate limiter keyed by string (an IP, an email).
// Each key holds up to Burst tokens and gains Burst tokens every Per.
type Limiter struct {
	burst float64
	rate  float64 // tokens per second

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter allows burst events per period for each key.
func NewLimiter(burst int, per time.Duration) *Limiter {
	return &Limiter{burst: float64(burst), rate: float64(burst) / per.Seconds(), buckets: map[string]*bucket{}}
}

// Allow takes one token for key at now. When none is left it returns false
// and how long until one is.
func (l *Limiter) Allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweepLocked(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = math.Min(l.burst, b.tokens+el*l.rate)
		b.last = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	return false, wait
}

// sweepLocked drops full buckets once a minute so memory stays bounded by
// the keys seen recently.
func (l *Limiter) sweepLocked(now time.Time) {
	if now.Sub(l.sweep) < time.Minute {
		return
	}
	l.sweep = now
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) > full {
			delete(l.buckets, k)
		}
	}
}
