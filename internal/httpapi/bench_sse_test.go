package httpapi_test

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/httpapi"
	"agendo/internal/mail"
	"agendo/internal/realtime"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// BenchmarkEventStreams opens 2,000 event streams of one owner over real
// connections, reports the server's memory per idle stream, then times one
// event's fan-out until the last stream has it. It measures; it asserts
// nothing about time.
func BenchmarkEventStreams(b *testing.B) {
	const streams = 2000
	db := storetest.Open(b, store.SQLite)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tokens, _ := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	broker := realtime.NewBroker()
	a := app.New(app.Deps{DB: db, Hasher: auth.NewHasherParams(64, 1), Tokens: tokens, Mailer: mail.Log{Logger: log}, Logger: log, Events: broker},
		app.Config{BaseURL: "http://x"})
	srv := httptest.NewServer(httpapi.New(httpapi.Options{App: a, DB: db, Logger: log, Broker: broker, MaxStreamsPerUser: streams}).Handler())
	defer srv.Close()
	benchDB[b] = db
	rec := benchDo(srv.Config.Handler, "POST", "/api/v1/auth/signup", `{"name":"Dona","email":"dona@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, nil)
	token, userID := benchAccessToken(b, rec.Body.Bytes()), userIDOf(b, rec.Body.Bytes())
	addr := strings.TrimPrefix(srv.URL, "http://")

	for b.Loop() {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		conns := make([]net.Conn, 0, streams)
		readers := make([]*bufio.Reader, 0, streams)
		for range streams {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				b.Fatal(err)
			}
			fmt.Fprintf(c, "GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", token)
			r := bufio.NewReaderSize(c, 512)
			for { // headers, then the "connected" event
				line, err := r.ReadString('\n')
				if err != nil {
					b.Fatal(err)
				}
				if strings.HasPrefix(line, "data: {}") {
					break
				}
			}
			conns, readers = append(conns, c), append(readers, r)
		}
		time.Sleep(200 * time.Millisecond)
		for range 4 { // each collection halves the stacks that use less than a quarter
			runtime.GC()
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		perStream := float64((after.HeapInuse+after.StackInuse)-(before.HeapInuse+before.StackInuse)) / streams

		var wg sync.WaitGroup
		start := make(chan struct{})
		var mu sync.Mutex
		var last time.Time
		for _, r := range readers {
			wg.Go(func() {
				<-start
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if strings.HasPrefix(line, "event: plan.updated") {
						mu.Lock()
						last = time.Now()
						mu.Unlock()
						return
					}
				}
			})
		}
		close(start)
		time.Sleep(100 * time.Millisecond)
		t0 := time.Now()
		broker.Publish(userID, realtime.Event{Type: "plan.updated", ID: userID})
		wg.Wait()
		b.ReportMetric(perStream/1024, "KB/stream")
		b.ReportMetric(float64(after.StackInuse-before.StackInuse)/streams/1024, "stack-KB/stream")
		b.ReportMetric(float64(last.Sub(t0).Microseconds())/1000, "ms-to-last")
		for _, c := range conns {
			c.Close()
		}
	}
}
