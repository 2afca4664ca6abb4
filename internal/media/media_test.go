package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/media"
)

func photo(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withEXIF inserts an APP1 Exif segment (with a GPS marker) after the SOI.
func withEXIF(jpg []byte) []byte {
	payload := append([]byte("Exif\x00\x00"), []byte("GPSLatitude -23.5505 GPSLongitude -46.6333")...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// pngHeader is a PNG signature and an IHDR chunk claiming w×h, with no
// pixel data: decoding it would need w*h*4 bytes.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.Write([]byte("\x89PNG\r\n\x1a\n"))
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	_ = binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func TestProcessReencodesAndStripsEXIF(t *testing.T) {
	in := withEXIF(photo(t, 2000, 1000))
	if !bytes.Contains(in, []byte("GPSLatitude")) {
		t.Fatal("fixture lacks EXIF")
	}
	img, err := media.New(media.Options{}).Process(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if img.ContentType != "image/jpeg" || img.Width != 1600 || img.Height != 800 {
		t.Errorf("got %s %dx%d, want image/jpeg 1600x800", img.ContentType, img.Width, img.Height)
	}
	for name, b := range map[string][]byte{"display": img.Display, "thumb": img.Thumb} {
		if bytes.Contains(b, []byte("Exif")) || bytes.Contains(b, []byte("GPS")) {
			t.Errorf("%s keeps EXIF/GPS", name)
		}
	}
	th, _, err := image.DecodeConfig(bytes.NewReader(img.Thumb))
	if err != nil || th.Width != 400 || th.Height != 200 {
		t.Errorf("thumb: got %+v %v, want 400x200", th, err)
	}
}

func TestProcessKeepsTransparentPNG(t *testing.T) {
	logo := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	logo.Set(10, 10, color.NRGBA{255, 0, 0, 255}) // the rest stays transparent
	var buf bytes.Buffer
	_ = png.Encode(&buf, logo)
	img, err := media.New(media.Options{}).Process(context.Background(), buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if img.ContentType != "image/png" || img.Width != 64 {
		t.Errorf("got %s %d wide, want a 64 px PNG", img.ContentType, img.Width)
	}
}

func TestProcessRejects(t *testing.T) {
	big := make([]byte, media.MaxBytes+1)
	copy(big, photo(t, 10, 10))
	cases := []struct {
		name string
		data []byte
		code domain.Code
	}{
		{"one byte over 5 MiB", big, domain.CodePayloadTooLarge},
		{"HTML renamed .png", []byte("<!doctype html><script>alert(1)</script>"), domain.CodeInvalid},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), domain.CodeInvalid},
		{"PDF renamed .jpg", []byte("%PDF-1.7\n1 0 obj<<>>endobj\n"), domain.CodeInvalid},
		{"50,000×50,000 header", pngHeader(50000, 50000), domain.CodeInvalid},
		{"truncated JPEG", photo(t, 50, 50)[:200], domain.CodeInvalid},
		{"empty", nil, domain.CodeInvalid},
	}
	p := media.New(media.Options{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := p.Process(context.Background(), tc.data)
			if got := domain.ErrorCode(err); got != tc.code {
				t.Errorf("got %v, want %s", err, tc.code)
			}
		})
	}
}

func FuzzProcess(f *testing.F) {
	f.Add(pngHeader(1, 1))
	f.Add(pngHeader(50000, 1))
	f.Add([]byte("\xff\xd8\xff\xe0"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "))
	f.Add(photo(f, 30, 20))
	p := media.New(media.Options{})
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := p.Process(context.Background(), data)
		if err != nil {
			if c := domain.ErrorCode(err); c != domain.CodeInvalid && c != domain.CodePayloadTooLarge && c != domain.CodeRateLimited {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if len(img.Display) == 0 || img.Width > media.DisplayMax || img.Height > media.DisplayMax {
			t.Fatalf("bad output %s %dx%d", img.ContentType, img.Width, img.Height)
		}
	})
}
