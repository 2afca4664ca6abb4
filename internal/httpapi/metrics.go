package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"agendo/internal/domain"
	"agendo/internal/realtime"
)

// Database is what the HTTP layer needs of the database: a ping for
// readiness and the connection pools for the metrics. *store.DB is one.
type Database interface {
	Ping(ctx context.Context) error
	Pools() map[string]*sql.DB
}

// Build names the running build for /healthz, the OpenAPI document and the
// agendo_build_info metric.
type Build struct {
	Version, Commit, Go string
}

// metrics are the server's Prometheus series, in a registry of its own (a
// test process runs many servers). Labels are bounded: route patterns, not
// paths; status classes; known methods.
type metrics struct {
	registry *prometheus.Registry
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	bookings *prometheus.CounterVec
	handler  http.Handler
}

func newMetrics(b Build, db Database, broker *realtime.Broker) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "agendo_http_request_duration_seconds",
			Help:    "Time to answer a request, by method, route pattern and status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route", "code"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "agendo_http_requests_in_flight",
			Help: "Requests being answered now (event streams included).",
		}),
		bookings: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "agendo_bookings_total",
			Help: "Attempts to book, by source (owner, public) and outcome (created, conflict, rate_limited, plan_limit, refused).",
		}, []string{"source", "outcome"}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "agendo_build_info",
		Help:        "The running build; always 1.",
		ConstLabels: prometheus.Labels{"version": b.Version, "commit": b.Commit, "go": b.Go},
	})
	build.Set(1)
	m.registry.MustRegister(m.duration, m.inFlight, m.bookings, build,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "agendo_sse_subscribers",
			Help: "Open event streams.",
		}, func() float64 { return float64(broker.Count()) }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	if db != nil {
		for name, pool := range db.Pools() {
			m.registry.MustRegister(collectors.NewDBStatsCollector(pool, name))
		}
	}
	m.handler = promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
	for _, source := range []string{"owner", "public"} { // every series exists from the start
		for _, outcome := range []string{"created", "conflict", "rate_limited", "plan_limit", "refused"} {
			m.bookings.WithLabelValues(source, outcome)
		}
	}
	return m
}

// observe records one answered request.
func (m *metrics) observe(method, route string, status int, d time.Duration) {
	m.duration.WithLabelValues(method, route, strconv.Itoa(status/100)+"xx").Observe(d.Seconds())
}

// booked records the outcome of an attempt to book: the use case's error,
// nil when the appointment was created.
func (m *metrics) booked(source string, err error) {
	outcome := "refused"
	switch domain.ErrorCode(err) {
	case "":
		outcome = "created"
	case domain.CodeConflict:
		outcome = "conflict"
	case domain.CodeRateLimited:
		outcome = "rate_limited"
	case domain.CodePlanLimit:
		outcome = "plan_limit"
	}
	m.bookings.WithLabelValues(source, outcome).Inc()
}

// GET /metrics
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	s.metrics.handler.ServeHTTP(w, r)
}
