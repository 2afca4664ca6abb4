package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is the real agendo binary running in its own process.
type server struct {
	cmd  *exec.Cmd
	url  string
	done chan error
	log  *os.File
}

// startServer runs bin serve on a free local port against the database
// dsn (a SQLite file or a postgres:// URL), with the online-booking limits lifted, logging to logPath, and
// returns once /readyz answers 200.
func startServer(ctx context.Context, bin, dsn, logPath string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	cmd := exec.Command(bin, "serve")
	// Only our settings: a developer's own AGENDO_* (the Makefile exports
	// AGENDO_DATABASE_URL) must not leak into the measured server.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AGENDO_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "AGENDO_ADDR="+addr, "AGENDO_DATABASE_URL="+dsn, "AGENDO_PUBLIC_BOOKING_LIMITS=off",
		"AGENDO_MAX_STREAMS_PER_USER=20000")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, url: "http://" + addr, done: make(chan error, 1), log: logFile}
	go func() { s.done <- cmd.Wait() }()
	// Migrations on a large copy may take a while: poll with a deadline.
	deadline := time.Now().Add(2 * time.Minute)
	c := &http.Client{Timeout: 2 * time.Second}
	for {
		res, err := c.Get(s.url + "/readyz")
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			s.done <- err
			s.log.Close()
			return nil, fmt.Errorf("%s ended before it was ready (%v); its log: %s", bin, err, logPath)
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("%s not ready after 2 minutes; its log: %s", bin, logPath)
		}
	}
}

// clockTick is the unit of /proc/PID/stat's CPU times: USER_HZ, 100 on
// every Linux Go supports.
const clockTick = 10 * time.Millisecond

// cpu is the CPU time (user and system) the server has used so far, or 0
// where /proc does not say.
func (s *server) cpu() time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The command's name, in brackets, may hold spaces: count from after it.
	i := strings.LastIndexByte(string(raw), ')')
	f := strings.Fields(string(raw)[i+1:])
	if i < 0 || len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * clockTick
}

// peakRSS is the server's peak resident memory so far (VmHWM), in bytes,
// or 0 where /proc does not say.
func (s *server) peakRSS() int64 { return s.memory("VmHWM:") }

// rss is the server's resident memory now (VmRSS), in bytes, or 0 where
// /proc does not say.
func (s *server) rss() int64 { return s.memory("VmRSS:") }

// memory reads one of the server's memory lines of /proc/PID/status.
func (s *server) memory(key string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// stop asks the server to shut down gracefully, and kills it if it has not
// within 30 seconds.
func (s *server) stop() error {
	defer s.log.Close()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	select {
	case err := <-s.done:
		s.done <- err // a second stop (deferred, after an explicit one) returns at once
		return err
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		return fmt.Errorf("server did not stop within 30 s: killed")
	}
}

// freePort asks the kernel for a free TCP port on the loopback.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
