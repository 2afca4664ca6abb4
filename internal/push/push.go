// Package push sends Web Push messages: encrypted for the browser that
// subscribed (RFC 8291, aes128gcm of RFC 8188), signed by the application
// server's VAPID key (RFC 8292), and posted to the browser's push service
// (RFC 8030). The standard library is enough for all three; a push service
// answers 404 or 410 for a subscription that no longer exists.
package push

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"syscall"
	"time"
)

// b64 is the base64url without padding that Web Push speaks.
var b64 = base64.RawURLEncoding

// Keys is the application server's VAPID key pair.
type Keys struct{ private *ecdsa.PrivateKey }

// GenerateKeys makes a new VAPID key pair.
func GenerateKeys() (Keys, error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	return Keys{k}, err
}

// ParseKeys reads a private key written by Keys.Private.
func ParseKeys(private string) (Keys, error) {
	d, err := b64.DecodeString(private)
	if err != nil || len(d) != 32 {
		return Keys{}, errors.New("push: a VAPID private key is 32 bytes in base64url")
	}
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		return Keys{}, fmt.Errorf("push: VAPID private key: %w", err)
	}
	return Keys{k}, nil
}

// Private is the private key, for keeping (base64url of its 32 bytes).
func (k Keys) Private() string {
	d, _ := k.private.Bytes()
	return b64.EncodeToString(d)
}

// Public is the public key as browsers take it for applicationServerKey:
// the uncompressed point, base64url.
func (k Keys) Public() string {
	p, _ := k.private.PublicKey.Bytes()
	return b64.EncodeToString(p)
}

// Subscription is what a browser's PushManager.subscribe gave.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
}

// Check reports what is wrong with a subscription a browser sent: push
// services speak https; plain http only with local (tests' doubles).
func (s Subscription) Check(local bool) error {
	u, err := url.Parse(s.Endpoint)
	if err != nil || u.Host == "" || len(s.Endpoint) > 2048 || u.Scheme != "https" && !(local && u.Scheme == "http") {
		return errors.New("push: the endpoint is not an https address")
	}
	if p, err := b64.DecodeString(s.P256dh); err != nil || len(p) != 65 {
		return errors.New("push: p256dh is not a P-256 public key")
	} else if _, err := ecdh.P256().NewPublicKey(p); err != nil {
		return errors.New("push: p256dh is not a P-256 public key")
	}
	if a, err := b64.DecodeString(s.Auth); err != nil || len(a) != 16 {
		return errors.New("push: auth is not 16 bytes")
	}
	return nil
}

// Message is one push: Payload is encrypted; TTL is how long the service
// keeps it for an offline browser; Topic (up to 32 base64url characters)
// replaces an undelivered message with the same topic, so one sent again
// is delivered once; Urgency is very-low, low, normal or high.
type Message struct {
	Payload []byte
	TTL     time.Duration
	Topic   string
	Urgency string
}

// MaxPayload is the most a payload may hold (RFC 8291 §4): the 4096 bytes
// a push service must take, less the 86 of the header, the AEAD tag and
// the delimiter.
const MaxPayload = 4096 - 86 - 16 - 1

// Sender posts messages as the holder of Keys. Subject is the contact
// push services may use (https: or mailto:).
type Sender struct {
	Keys    Keys
	Subject string
	// Client posts the pushes; nil means one that reaches public addresses
	// only (an endpoint is whatever a browser, or someone posing as one,
	// sent: it must not reach the server's own network) with a 30 s
	// timeout.
	Client *http.Client
	// Local lets endpoints be plain http, and the default client reach any
	// address (tests' doubles).
	Local bool
	// Now is the clock of the VAPID token; nil means time.Now.
	Now func() time.Time
}

// publicClient reaches public addresses only.
var publicClient = &http.Client{
	Timeout: 30 * time.Second,
	Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second, Control: publicOnly}).DialContext,
		TLSHandshakeTimeout: 10 * time.Second,
		MaxIdleConnsPerHost: 4,
	},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// publicOnly refuses to connect to loopback, private, link-local and other
// non-public addresses, whatever name resolved to them.
func publicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return err
	}
	ip = ip.Unmap()
	if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
		return fmt.Errorf("push: %s is not a public address", ip)
	}
	return nil
}

// ErrGone means the subscription no longer exists: forget it.
var ErrGone = errors.New("push: subscription gone")

// Send delivers m to sub. It returns ErrGone for a subscription the push
// service no longer knows (404, 410); any other refusal is an error worth
// trying again.
func (s *Sender) Send(ctx context.Context, sub Subscription, m Message) error {
	if len(m.Payload) > MaxPayload {
		return fmt.Errorf("push: payload of %d bytes over %d", len(m.Payload), MaxPayload)
	}
	if err := sub.Check(s.Local); err != nil {
		return err
	}
	body, err := Encrypt(sub, m.Payload)
	if err != nil {
		return err
	}
	token, err := s.token(sub.Endpoint)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "vapid t="+token+", k="+s.Keys.Public())
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("TTL", strconv.Itoa(int(m.TTL.Seconds())))
	if m.Topic != "" {
		req.Header.Set("Topic", m.Topic)
	}
	if m.Urgency != "" {
		req.Header.Set("Urgency", m.Urgency)
	}
	client := s.Client
	switch {
	case client != nil:
	case s.Local:
		client = &http.Client{Timeout: 30 * time.Second}
	default:
		client = publicClient
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("push: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	switch {
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return ErrGone
	case res.StatusCode < 200 || res.StatusCode > 299:
		return fmt.Errorf("push: the push service answered %s", res.Status)
	}
	return nil
}

// token is the VAPID JWT for endpoint's push service (ES256), valid 12 hours.
func (s *Sender) token(endpoint string) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return "", err
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	claims, _ := json.Marshal(map[string]any{"aud": u.Scheme + "://" + u.Host, "exp": now().Add(12 * time.Hour).Unix(), "sub": s.Subject})
	unsigned := b64.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`)) + "." + b64.EncodeToString(claims)
	digest := sha256.Sum256([]byte(unsigned))
	r, sig, err := ecdsa.Sign(rand.Reader, s.Keys.private, digest[:])
	if err != nil {
		return "", err
	}
	raw := make([]byte, 64)
	r.FillBytes(raw[:32])
	sig.FillBytes(raw[32:])
	return unsigned + "." + b64.EncodeToString(raw), nil
}

// VerifyToken checks a VAPID JWT against the public key k (base64url),
// for push services and their test doubles; it returns the claims.
func VerifyToken(token, k string) (map[string]any, error) {
	pub, err := b64.DecodeString(k)
	if err != nil {
		return nil, errors.New("push: bad k")
	}
	key, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), pub)
	if err != nil {
		return nil, fmt.Errorf("push: k: %w", err)
	}
	i := bytes.LastIndexByte([]byte(token), '.')
	if i < 0 {
		return nil, errors.New("push: not a JWT")
	}
	sig, err := b64.DecodeString(token[i+1:])
	if err != nil || len(sig) != 64 {
		return nil, errors.New("push: bad signature")
	}
	digest := sha256.Sum256([]byte(token[:i]))
	if !ecdsa.Verify(key, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return nil, errors.New("push: signature does not verify")
	}
	j := bytes.IndexByte([]byte(token), '.')
	raw, err := b64.DecodeString(token[j+1 : i])
	if err != nil {
		return nil, err
	}
	var claims map[string]any
	return claims, json.Unmarshal(raw, &claims)
}

// recordSize is the one record's size written in the header.
const recordSize = 4096

// Encrypt writes payload for sub (RFC 8291): a fresh key pair and salt per
// message, one record, the header carrying the server's public key.
func Encrypt(sub Subscription, payload []byte) ([]byte, error) {
	uaRaw, err := b64.DecodeString(sub.P256dh)
	if err != nil {
		return nil, err
	}
	ua, err := ecdh.P256().NewPublicKey(uaRaw)
	if err != nil {
		return nil, err
	}
	authSecret, err := b64.DecodeString(sub.Auth)
	if err != nil {
		return nil, err
	}
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	shared, err := as.ECDH(ua)
	if err != nil {
		return nil, err
	}
	asPub := as.PublicKey().Bytes()
	cek, nonce, err := contentKeys(shared, authSecret, salt, uaRaw, asPub)
	if err != nil {
		return nil, err
	}
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	header := make([]byte, 0, 16+4+1+len(asPub))
	header = append(header, salt...)
	header = binary.BigEndian.AppendUint32(header, recordSize)
	header = append(header, byte(len(asPub)))
	header = append(header, asPub...)
	plain := append(append([]byte{}, payload...), 2) // the last record's delimiter
	return gcm.Seal(header, nonce, plain, nil), nil
}

// Decrypt reads a message encrypted for the subscription whose private key
// is ua and auth secret authSecret: what the browser does, for tests.
func Decrypt(ua *ecdh.PrivateKey, authSecret, body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("push: body too short")
	}
	salt, idlen := body[:16], int(body[20])
	if len(body) < 21+idlen {
		return nil, errors.New("push: body too short")
	}
	asPub := body[21 : 21+idlen]
	as, err := ecdh.P256().NewPublicKey(asPub)
	if err != nil {
		return nil, err
	}
	shared, err := ua.ECDH(as)
	if err != nil {
		return nil, err
	}
	cek, nonce, err := contentKeys(shared, authSecret, salt, ua.PublicKey().Bytes(), asPub)
	if err != nil {
		return nil, err
	}
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, body[21+idlen:], nil)
	if err != nil {
		return nil, err
	}
	i := bytes.LastIndexByte(plain, 2)
	if i < 0 || len(bytes.Trim(plain[i+1:], "\x00")) != 0 {
		return nil, errors.New("push: no last-record delimiter")
	}
	return plain[:i], nil
}

// contentKeys derives the content key and nonce (RFC 8291 §3.4, RFC 8188 §2.2).
func contentKeys(shared, authSecret, salt, uaPub, asPub []byte) (cek, nonce []byte, err error) {
	info := append(append([]byte("WebPush: info\x00"), uaPub...), asPub...)
	ikm, err := hkdf.Key(sha256.New, shared, authSecret, string(info), 32)
	if err != nil {
		return nil, nil, err
	}
	if cek, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16); err != nil {
		return nil, nil, err
	}
	nonce, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	return cek, nonce, err
}
