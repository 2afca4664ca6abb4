package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"agendo/internal/domain"
)

type statusResponse struct {
	Status  string `json:"status"`
	Version string `json:"version" doc:"A versão do Agendo que responde"`
}

// GET /healthz
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, statusResponse{Status: "ok", Version: s.version})
}

// GET /readyz
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.ErrorContext(r.Context(), "readiness: database unreachable", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: errorDetail{Code: domain.CodeInternal, Message: "Banco de dados indisponível"}})
		return
	}
	writeJSON(w, http.StatusOK, statusResponse{Status: "ok", Version: s.version})
}

// metrics counts requests by route pattern and status, with latency sums,
// in the Prometheus text format. Patterns, not paths, keep it bounded.
type metrics struct {
	mu       sync.Mutex
	requests map[[2]string]uint64
	seconds  map[string]float64
	counts   map[string]uint64
	start    time.Time
}

func newMetrics() *metrics {
	return &metrics{requests: map[[2]string]uint64{}, seconds: map[string]float64{}, counts: map[string]uint64{}, start: time.Now()}
}

func (m *metrics) observe(route string, status int, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[[2]string{route, fmt.Sprint(status)}]++
	m.seconds[route] += d.Seconds()
	m.counts[route]++
}

// GET /metrics
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	m := s.metrics
	m.mu.Lock()
	b.WriteString("# HELP agendo_http_requests_total HTTP requests by route and status.\n# TYPE agendo_http_requests_total counter\n")
	keys := make([][2]string, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		fmt.Fprintf(&b, "agendo_http_requests_total{route=%q,status=%q} %d\n", k[0], k[1], m.requests[k])
	}
	b.WriteString("# HELP agendo_http_request_duration_seconds Time spent answering, by route.\n# TYPE agendo_http_request_duration_seconds summary\n")
	routes := make([]string, 0, len(m.counts))
	for k := range m.counts {
		routes = append(routes, k)
	}
	sort.Strings(routes)
	for _, k := range routes {
		fmt.Fprintf(&b, "agendo_http_request_duration_seconds_sum{route=%q} %g\n", k, m.seconds[k])
		fmt.Fprintf(&b, "agendo_http_request_duration_seconds_count{route=%q} %d\n", k, m.counts[k])
	}
	uptime := time.Since(m.start).Seconds()
	m.mu.Unlock()

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st := s.db.Stats()
	fmt.Fprintf(&b, "# TYPE agendo_uptime_seconds gauge\nagendo_uptime_seconds %g\n", uptime)
	fmt.Fprintf(&b, "# TYPE go_goroutines gauge\ngo_goroutines %d\n", runtime.NumGoroutine())
	fmt.Fprintf(&b, "# TYPE go_memstats_heap_alloc_bytes gauge\ngo_memstats_heap_alloc_bytes %d\n", ms.HeapAlloc)
	fmt.Fprintf(&b, "# TYPE agendo_db_open_connections gauge\nagendo_db_open_connections %d\n", st.OpenConnections)
	fmt.Fprintf(&b, "# TYPE agendo_db_wait_count_total counter\nagendo_db_wait_count_total %d\n", st.WaitCount)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(b.String()))
}
