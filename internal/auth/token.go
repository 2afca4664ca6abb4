package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// AccessTTL is how long an access token lives.
const AccessTTL = 15 * time.Minute

// Tokens issues and checks access tokens (JWT, HS256) and derives refresh
// token values. Only HS256 signed with the configured key is accepted.
type Tokens struct {
	key []byte

	// verified remembers the tokens whose signature and claims were
	// checked, so the next request with the same token checks only its
	// times: parsing and checking a JWT was a third of the cost of reading
	// one appointment. A token's bytes name its claims and its signature
	// for good, so nothing can make an entry wrong; the session behind it
	// is checked by every request all the same. At most maxVerified
	// entries; past that the map starts over.
	mu       sync.Mutex
	verified map[string]verifiedToken
}

type verifiedToken struct {
	claims    Claims
	notBefore time.Time
}

// maxVerified bounds Tokens.verified: an access token lives 15 minutes,
// so this is 10,000 sessions busy within them (≈ 5 MB).
const maxVerified = 10_000

// NewTokens returns Tokens signing with key (at least 32 bytes).
func NewTokens(key []byte) (*Tokens, error) {
	if len(key) < 32 {
		return nil, errors.New("auth: signing key must have at least 32 bytes")
	}
	return &Tokens{key: key}, nil
}

// Claims are what an access token asserts.
type Claims struct {
	UserID    string
	SessionID string
	Email     string
	// Store is the store the session acts in, Role the person's role there
	// and Professional the professional record a profissional is linked to.
	// A role change or a removal ends the session (read on every request),
	// so a token never outlives the role it names.
	Store        string
	Role         string
	Professional string
	// Name is the person's name when the token was issued: what an
	// appointment they write records as its author.
	Name      string
	ExpiresAt time.Time
}

type jwtClaims struct {
	SessionID    string `json:"sid"`
	Email        string `json:"email"`
	Store        string `json:"sto,omitempty"`
	Role         string `json:"rol,omitempty"`
	Professional string `json:"pro,omitempty"`
	Name         string `json:"nam,omitempty"`
	jwt.RegisteredClaims
}

// Issue signs an access token for c (its ExpiresAt ignored) valid from
// now for AccessTTL.
func (t *Tokens) Issue(in Claims, now time.Time) (token string, expires time.Time, err error) {
	expires = now.Add(AccessTTL).Truncate(time.Second)
	c := jwtClaims{
		SessionID:    in.SessionID,
		Email:        in.Email,
		Store:        in.Store,
		Role:         in.Role,
		Professional: in.Professional,
		Name:         in.Name,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   in.UserID,
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(expires),
		},
	}
	token, err = jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.key)
	return token, expires, err
}

// Verify parses token and checks its signature, algorithm, exp and nbf
// against now.
func (t *Tokens) Verify(token string, now time.Time) (Claims, error) {
	t.mu.Lock()
	v, ok := t.verified[token]
	t.mu.Unlock()
	// The times as jwt checks them: valid from nbf, until before exp.
	if ok && !now.Before(v.notBefore) && now.Before(v.claims.ExpiresAt) {
		return v.claims, nil
	}
	c, notBefore, err := t.verify(token, now)
	if err != nil {
		return Claims{}, err
	}
	t.mu.Lock()
	if t.verified == nil || len(t.verified) >= maxVerified {
		t.verified = map[string]verifiedToken{}
	}
	t.verified[token] = verifiedToken{claims: c, notBefore: notBefore}
	t.mu.Unlock()
	return c, nil
}

// verify is Verify without its memory: it also returns the token's nbf
// (the zero time when it has none).
func (t *Tokens) verify(token string, now time.Time) (Claims, time.Time, error) {
	var c jwtClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return Claims{}, time.Time{}, err
	}
	if c.Subject == "" || c.SessionID == "" {
		return Claims{}, time.Time{}, errors.New("auth: token lacks subject or session")
	}
	var notBefore time.Time
	if c.NotBefore != nil {
		notBefore = c.NotBefore.Time
	}
	return Claims{UserID: c.Subject, SessionID: c.SessionID, Email: c.Email, Store: c.Store, Role: c.Role,
		Professional: c.Professional, Name: c.Name, ExpiresAt: c.ExpiresAt.Time}, notBefore, nil
}

// RefreshValue derives the secret value of the refresh token with id. The
// value is an HMAC of the id under the server key, so the server can hand the
// current token again to a client that lost a response (the 10 s grace)
// while storing only hashes.
func (t *Tokens) RefreshValue(id string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("refresh|" + id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Hash returns the hex SHA-256 of a secret token value, the form in which
// refresh and recovery tokens are stored.
func Hash(value string) string {
	s := sha256.Sum256([]byte(value))
	return hex.EncodeToString(s[:])
}

// RandomToken returns a 256-bit random URL-safe value.
func RandomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// manageMACLen is how many bytes of the HMAC a manage token carries: 128
// bits, beyond guessing.
const manageMACLen = 16

// ManageToken is the customer's link to one appointment: its id and an HMAC
// of it under the server key, so it needs no storage and cannot be forged.
func (t *Tokens) ManageToken(appointmentID string) string {
	return appointmentID + "." + base64.RawURLEncoding.EncodeToString(t.manageMAC(appointmentID))
}

// VerifyManage returns the appointment id a manage token names, or false
// when the token was not issued by this server.
func (t *Tokens) VerifyManage(token string) (string, bool) {
	id, mac, ok := strings.Cut(token, ".")
	if !ok || id == "" || len(id) > 64 {
		return "", false
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(mac)
	if err != nil || !hmac.Equal(got, t.manageMAC(id)) {
		return "", false
	}
	return id, true
}

func (t *Tokens) manageMAC(id string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("manage|" + id))
	return m.Sum(nil)[:manageMACLen]
}

// Pseudonym names value (an address, an email, a slug) in the shared
// rate-limit table: an HMAC under the server key, so the table holds no
// address or email, every instance (sharing the key) names a caller alike,
// and nobody without the key can tell whose row is whose. 128 bits: two
// callers never share a bucket.
func (t *Tokens) Pseudonym(value string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("limit|" + value))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// DeviceToken marks a browser where userID proved the password (a sign-in,
// a sign-up, a reset by email): a random device id and an HMAC binding it
// to the account, so nothing is stored and nobody can make one for an
// account whose password they do not know.
func (t *Tokens) DeviceToken(userID string) string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	id := base64.RawURLEncoding.EncodeToString(b)
	return id + "." + base64.RawURLEncoding.EncodeToString(t.deviceMAC(userID, id))
}

// VerifyDevice returns the device id of token when it was made for userID.
func (t *Tokens) VerifyDevice(userID, token string) (string, bool) {
	id, mac, ok := strings.Cut(token, ".")
	if !ok || userID == "" || len(id) != 22 || len(mac) != 22 {
		return "", false
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(mac)
	if err != nil || !hmac.Equal(got, t.deviceMAC(userID, id)) {
		return "", false
	}
	return id, true
}

func (t *Tokens) deviceMAC(userID, id string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("device|" + userID + "|" + id))
	return m.Sum(nil)[:16]
}
