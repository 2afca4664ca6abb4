package main

import (
	"agendo/internal/domain"

	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/media/mediatest"
)

// BenchmarkUploadRSS measures the server's resident memory under the worst
// uploads DESIGN.md §12 budgets for (≤ 200 MB RSS): 16 clients at once, each
// sending a maximal image, for b.N rounds. It runs the real binary in its
// own process (AGENDO_BIN, or one built from this tree) on a fresh SQLite
// database and reads the kernel's figures from /proc/PID/status: VmHWM is
// the peak, VmRSS after the load shows whether memory goes back.
//
//	go test -run '^$' -bench UploadRSS -benchtime 3x ./cmd/agendo/
//
// It measures and reports; it fails only when an upload is not accepted.
func BenchmarkUploadRSS(b *testing.B) {
	bin := agendoBinary(b)
	png, jpg := mediatest.FlatPNG(b, 4096, 4096), noisyJPEG(b)
	cases := []struct {
		name  string
		files [][]byte // client i sends files[i % len(files)]
	}{
		// ~75 KB of PNG that decode to 4096×4096 pixels (64 MiB).
		{"png-declaring-4096x4096", [][]byte{png}},
		// A 4096×4096 photo-like JPEG just under the 5 MiB limit.
		{"jpeg-5MiB-4096x4096", [][]byte{jpg}},
		// Half of each.
		{"both", [][]byte{png, jpg}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			srv := startServer(b, bin)
			const clients = 16
			tokens := make([]string, clients)
			for i := range tokens {
				tokens[i] = srv.signUp(b, fmt.Sprintf("rss%d@example.com", i))
			}
			idle := srv.status(b)["VmRSS"]
			peak := srv.sampleRSS()
			b.ResetTimer()
			start := time.Now()
			statuses := map[int]int{}
			var mu sync.Mutex
			for range b.N {
				var wg sync.WaitGroup
				for i, tok := range tokens {
					wg.Go(func() {
						code := srv.upload(b, tok, c.files[i%len(c.files)])
						mu.Lock()
						statuses[code]++
						mu.Unlock()
					})
				}
				wg.Wait()
			}
			elapsed := time.Since(start)
			b.StopTimer()
			maxSampled := peak()
			st := srv.status(b)
			time.Sleep(5 * time.Second) // what the process keeps once the burst is over
			settled := srv.status(b)["VmRSS"]
			if statuses[201] != clients*b.N {
				b.Fatalf("statuses %v, want %d × 201", statuses, clients*b.N)
			}
			b.ReportMetric(float64(st["VmHWM"])/1024, "peak-RSS-MB")
			b.ReportMetric(float64(maxSampled)/1024, "sampled-max-RSS-MB")
			b.ReportMetric(float64(idle)/1024, "idle-RSS-MB")
			b.ReportMetric(float64(settled)/1024, "RSS-5s-after-MB")
			b.ReportMetric(float64(clients*b.N)/elapsed.Seconds(), "uploads/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

type rssServer struct {
	cmd  *exec.Cmd
	base string
}

// sampleRSS polls the server's resident set every 5 ms until the returned
// function is called, which returns the largest seen (KB): /proc's VmHWM
// alone would include the start-up.
func (s *rssServer) sampleRSS() (peak func() int) {
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	var maxSampled int
	sampler.Go(func() {
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if st, err := readStatus(s.cmd.Process.Pid); err == nil {
					maxSampled = max(maxSampled, st["VmRSS"])
				}
			}
		}
	})
	return func() int {
		close(stop)
		sampler.Wait()
		return maxSampled
	}
}

// agendoBinary is AGENDO_BIN, or the server built from this tree.
func agendoBinary(tb testing.TB) string {
	tb.Helper()
	if bin := os.Getenv("AGENDO_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(tb.TempDir(), "agendo")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", bin, ".").CombinedOutput(); err != nil {
		tb.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// startServer runs bin on a free loopback port with a fresh database and
// returns once it listens.
func startServer(tb testing.TB, bin string) *rssServer {
	tb.Helper()
	return startServerOn(tb, bin, filepath.Join(tb.TempDir(), "agendo.db"))
}

// startServerOn runs bin on a free loopback port with the database at dsn
// (and env) and returns once it listens.
func startServerOn(tb testing.TB, bin, dsn string, env ...string) *rssServer {
	tb.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(append(os.Environ(), "AGENDO_ADDR=127.0.0.1:0",
		"AGENDO_DATABASE_URL="+dsn, "AGENDO_LOG_LEVEL=info"), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			var line struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				addr <- line.Addr
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case a := <-addr:
		return &rssServer{cmd: cmd, base: "http://" + a}
	case <-time.After(30 * time.Second):
		tb.Fatal("server did not start")
	}
	return nil
}

func (s *rssServer) status(tb testing.TB) map[string]int {
	tb.Helper()
	st, err := readStatus(s.cmd.Process.Pid)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// readStatus returns the kB figures of /proc/PID/status (VmRSS, VmHWM …).
func readStatus(pid int) (map[string]int, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, line := range strings.Split(string(raw), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if f := strings.Fields(v); ok && len(f) == 2 && f[1] == "kB" {
			out[k], _ = strconv.Atoi(f[0])
		}
	}
	return out, nil
}

func (s *rssServer) signUp(tb testing.TB, email string) string {
	tb.Helper()
	return s.session(tb, "signup", `{"name":"Salão RSS","email":"`+email+`","password":"cabelo-lindo-2026","acceptedTerms":"`+domain.TermsVersion+`"}`)
}

func (s *rssServer) signIn(tb testing.TB, email, password string) string {
	tb.Helper()
	return s.session(tb, "signin", `{"email":"`+email+`","password":"`+password+`"}`)
}

// session posts body to /api/v1/auth/{action} and returns the access token.
func (s *rssServer) session(tb testing.TB, action, body string) string {
	tb.Helper()
	res, err := http.Post(s.base+"/api/v1/auth/"+action, "application/json", strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Session struct{ AccessToken string }
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Session.AccessToken == "" {
		tb.Fatalf("%s: %d %v", action, res.StatusCode, err)
	}
	return out.Session.AccessToken
}

func (s *rssServer) upload(tb testing.TB, token string, data []byte) int {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("kind", "photo")
	fw, _ := mw.CreateFormFile("file", "foto")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", s.base+"/api/v1/files", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Error(err)
		return 0
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

// noisyJPEG is a 4096×4096 gradient with noise, ≈ 4.75 MiB at quality 85.
func noisyJPEG(tb testing.TB) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, 4096, 4096))
	for y := range 4096 {
		for x := range 4096 {
			n := uint8(r.IntN(24))
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x/16)+n, uint8(y/16)+n, 128+n, 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	if buf.Len() > 5<<20 {
		tb.Fatalf("fixture is %d bytes, over 5 MiB", buf.Len())
	}
	return buf.Bytes()
}
