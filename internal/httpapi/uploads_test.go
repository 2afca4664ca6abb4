package httpapi_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"agendo/internal/media"
	"agendo/internal/store"
)

// noisyJPEG is a w×h photo-like JPEG that does not compress away, so its
// stored copies have a predictable, non-trivial size.
func noisyJPEG(t *testing.T, w, h int, seed uint64) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// storedBytes is what an upload of data takes from the quota.
func storedBytes(t *testing.T, data []byte) int64 {
	t.Helper()
	img, err := media.New(media.Options{}).Process(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	return int64(len(img.Display) + len(img.Thumb))
}

func TestUploadRateLimitPerAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		b := e.client().signUp("Bia", "bia@example.com")
		logo := pngBytes(t, 20, 20)
		for range 30 {
			a.upload("photo", logo).must(t, 201)
		}
		r := a.upload("photo", logo)
		if r.Status != 429 || r.ErrCode() != "rate_limited" {
			t.Fatalf("31st upload in 10 minutes: got %d %s, want 429 rate_limited", r.Status, r.Body)
		}
		if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 20 {
			t.Errorf("Retry-After %q, want 1–20 s (one upload comes back every 20 s)", r.Header.Get("Retry-After"))
		}
		if !strings.Contains(r.ErrMessage(), "muitas imagens") {
			t.Errorf("message %q, want it to say too many images", r.ErrMessage())
		}
		// Refused before the body is read: not even a broken body is looked at.
		if r := a.upload("photo", []byte("não é imagem")); r.Status != 429 {
			t.Errorf("refused account with a broken body: got %d, want 429", r.Status)
		}
		b.upload("photo", logo).must(t, 201) // another account has its own allowance
		e.clock.Advance(20 * time.Second)
		a.upload("photo", logo).must(t, 201)
	})
}

func TestUploadQuota(t *testing.T) {
	var photos [][]byte
	for i := range 5 {
		photos = append(photos, noisyJPEG(t, 300, 300, uint64(i)))
	}
	each := storedBytes(t, photos[0])
	quota := 4*each + each/2 // four photos fit, the fifth does not
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		used := func() int64 {
			t.Helper()
			var n int64
			err := e.db.Read(context.Background(), func(tx *store.Tx) error {
				var err error
				n, err = tx.FileBytes(context.Background(), a.userID())
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		// What the account shows: its avatar, its store's logo, a
		// professional's photo.
		avatar := a.upload("avatar", photos[0]).must(t, 201).JSON["url"].(string)
		a.do("PATCH", "/api/v1/profile", map[string]any{"avatar": avatar}).must(t, 200)
		logo := a.upload("logo", photos[1]).must(t, 201).JSON["url"].(string)
		st := validStore("Salão Bela")
		st["logo"] = logo
		a.do("PUT", "/api/v1/store", st).must(t, 200)
		photo := a.upload("photo", photos[2]).must(t, 201).JSON["url"].(string)
		a.do("POST", "/api/v1/professionals", professionalBody("Carla", photo)).must(t, 201)
		unused := a.upload("photo", photos[3]).must(t, 201).JSON["url"].(string)
		before := used()

		r := a.upload("photo", photos[4])
		if r.Status != 422 || r.ErrCode() != "invalid" || !strings.Contains(r.ErrMessage(), "limite de armazenamento") {
			t.Fatalf("over the quota: got %d %s, want 422 with the storage message", r.Status, r.Body)
		}
		if got := used(); got != before {
			t.Errorf("a refused upload changed the stored bytes: got %d, want %d", got, before)
		}

		// A day later the photo nothing shows is gone, which makes room; what
		// the account shows stays.
		e.clock.Advance(25 * time.Hour)
		a.signIn("ana@example.com", testPassword).must(t, 200)
		a.upload("photo", photos[4]).must(t, 201)
		for _, u := range []string{avatar, logo, photo} {
			e.client().do("GET", u, nil).must(t, 200)
		}
		e.client().do("GET", unused, nil).must(t, 404)
	}, envOptions{uploadQuota: quota})
}
