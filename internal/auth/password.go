// Package auth holds Agendo's credential primitives: password hashing and
// policy, access and refresh tokens, and rate limiting.
package auth

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters (OWASP's m=19 MiB, t=2, p=1).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
	// MinPasswordLen is the shortest password accepted.
	MinPasswordLen = 8
)

// Hasher hashes and verifies passwords with argon2id, running at most one
// hash per core at a time so a sign-in flood cannot starve other work.
type Hasher struct {
	slots        chan struct{}
	dummy        string
	memory, time uint32
}

// NewHasher returns a Hasher with the production parameters, bounded by the
// number of cores.
func NewHasher() *Hasher { return NewHasherParams(argonMemory, argonTime) }

// NewHasherParams returns a Hasher with other argon2id cost parameters
// (memory in KiB, passes): tests use cheap ones. Verify always uses the
// parameters recorded in the hash.
func NewHasherParams(memoryKiB, passes uint32) *Hasher {
	h := &Hasher{slots: make(chan struct{}, runtime.NumCPU()), memory: memoryKiB, time: passes}
	h.dummy, _ = h.hash("a password nobody has, hashed once at start")
	return h
}

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash returns the PHC-formatted argon2id hash of password.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.hash(password)
}

func (h *Hasher) hash(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, h.time, h.memory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, h.memory, h.time, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether password matches encoded. An empty encoded hash
// (an unknown user) is checked against a dummy hash so both take as long.
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (bool, error) {
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	if encoded == "" {
		_, _ = verify(password, h.dummy)
		return false, nil
	}
	return verify(password, encoded)
}

func verify(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("auth: unknown password hash format")
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, fmt.Errorf("auth: bad hash parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("auth: bad salt: %w", err)
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, fmt.Errorf("auth: bad key: %w", err)
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

//go:embed common-passwords.txt
var commonList string

var common = func() map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(commonList))
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			m[w] = true
		}
	}
	return m
}()

// Weak-password reasons (DESIGN.md section 5).
const (
	ReasonLength = "length"
	ReasonCommon = "common"
	ReasonEmail  = "email"
)

// CheckPassword returns the reasons password is weak; none means it is
// acceptable. There are no composition rules, on purpose (NIST SP 800-63B).
func CheckPassword(password, email string) []string {
	var reasons []string
	n := utf8.RuneCountInString(password)
	if n < MinPasswordLen || len(password) > 256 {
		reasons = append(reasons, ReasonLength)
	}
	lower := strings.ToLower(password)
	if common[lower] {
		reasons = append(reasons, ReasonCommon)
	}
	e := strings.ToLower(strings.TrimSpace(email))
	if e != "" && (lower == e || (strings.IndexByte(e, '@') > 0 && lower == e[:strings.IndexByte(e, '@')])) {
		reasons = append(reasons, ReasonEmail)
	}
	return reasons
}

// WeakPasswordMessage explains reasons in Portuguese.
func WeakPasswordMessage(reasons []string) string {
	var parts []string
	for _, r := range reasons {
		switch r {
		case ReasonLength:
			parts = append(parts, fmt.Sprintf("use de %d a 256 caracteres", MinPasswordLen))
		case ReasonCommon:
			parts = append(parts, "esta senha é muito comum")
		case ReasonEmail:
			parts = append(parts, "a senha não pode ser igual ao seu email")
		}
	}
	return "Senha fraca: " + strings.Join(parts, "; ") + "."
}
