package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
)

// Sealing: a short value (a client's phone) given to someone who may not
// read it, as an opaque name only this server can open (a profissional
// whose salon hides clients' phones: issue 26). AES-256-GCM with the nonce
// derived from the scope and the value (an HMAC under another key, as in
// SIV), so one value seals alike every time — a link, a cache key and a
// list row name one client — and a name sealed for one scope (a store) does
// not open in another.

// sealNonce is GCM's nonce size.
const sealNonce = 12

// maxSealed bounds what Open decodes: a phone's name is 56 characters.
const maxSealed = 256

// Seal names value within scope.
func (t *Tokens) Seal(scope, value string) string {
	nonce := t.sealMAC("nonce|" + scope + "|" + value)[:sealNonce]
	out := t.sealer().Seal(nonce, nonce, []byte(value), []byte(scope))
	return base64.RawURLEncoding.EncodeToString(out)
}

// Open returns what Seal named within scope; ok is false for anything
// Seal did not make for scope.
func (t *Tokens) Open(scope, sealed string) (value string, ok bool) {
	if len(sealed) > maxSealed {
		return "", false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(sealed)
	if err != nil || len(b) < sealNonce+16 {
		return "", false
	}
	v, err := t.sealer().Open(nil, b[:sealNonce], b[sealNonce:], []byte(scope))
	// Only Seal's own spelling: the decoder skips line breaks, and the
	// nonce must be the one the value derives.
	if err != nil || t.Seal(scope, string(v)) != sealed {
		return "", false
	}
	return string(v), true
}

func (t *Tokens) sealer() cipher.AEAD {
	block, err := aes.NewCipher(t.sealMAC("key"))
	if err != nil {
		panic(err) // a 32-byte key always makes a cipher
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return gcm
}

func (t *Tokens) sealMAC(label string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte("seal|" + label))
	return m.Sum(nil)
}
