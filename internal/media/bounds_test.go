package media_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/media"
	"agendo/internal/media/mediatest"
)

// fixtures are images whose decoders allocate differently: the kinds Go
// encodes are made here; progressive, RGB and grayscale JPEGs, interlaced PNG
// and WebP come from testdata (cjpeg, optipng -i1, cwebp: a 2048×1536
// gradient with a transparent corner).
func fixtures(tb testing.TB) map[string][]byte {
	tb.Helper()
	const w, h = 2048, 1536
	r := image.Rect(0, 0, w, h)
	out := map[string][]byte{}
	enc := func(name string, img image.Image) {
		var buf bytes.Buffer
		var err error
		if filepath.Ext(name) == ".jpg" {
			err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
		} else {
			err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
		}
		if err != nil {
			tb.Fatal(err)
		}
		out[name] = buf.Bytes()
	}
	fill := func(pix []byte) {
		for i := range pix {
			pix[i] = byte(i / 4096)
		}
	}
	rgba := image.NewRGBA(r)
	fill(rgba.Pix)
	for i := 3; i < len(rgba.Pix); i += 4 {
		rgba.Pix[i] = 255
	}
	enc("baseline-420.jpg", rgba)
	enc("rgb-8.png", rgba)
	nrgba := image.NewNRGBA(r)
	fill(nrgba.Pix)
	enc("rgba-8.png", nrgba)
	gray := image.NewGray(r)
	fill(gray.Pix)
	enc("gray-baseline.jpg", gray)
	enc("gray-8.png", gray)
	g16 := image.NewGray16(r)
	fill(g16.Pix)
	enc("gray-16.png", g16)
	n64 := image.NewNRGBA64(r)
	fill(n64.Pix)
	enc("rgba-16.png", n64)
	pal := image.NewPaletted(r, color.Palette{color.Black, color.White, color.NRGBA{200, 0, 0, 128}})
	for i := range pal.Pix {
		pal.Pix[i] = byte(i/4096) % 3
	}
	enc("paletted.png", pal)
	files, err := filepath.Glob("testdata/*.*")
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// addFixtures seeds f with the testdata images.
func addFixtures(f *testing.F) {
	files, err := filepath.Glob("testdata/*.*")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzDecodeCost feeds the header walkers arbitrary bytes: they must not
// panic, and whatever image.DecodeConfig accepts must cost at least its
// pixels.
func FuzzDecodeCost(f *testing.F) {
	addFixtures(f)
	f.Add([]byte("\xff\xd8\xff\xc2\x00\x11\x08\x10\x00\x10\x00\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xda"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			for _, format := range []string{"jpeg", "png", "webp"} {
				if c := media.DecodeCost(data, format, 16, 16); c < 16*16 {
					t.Fatalf("%s: cost %d under the pixels", format, c)
				}
			}
			return
		}
		if c := media.DecodeCost(data, format, cfg.Width, cfg.Height); c < int64(cfg.Width)*int64(cfg.Height) {
			t.Fatalf("%s %dx%d: cost %d under the pixels", format, cfg.Width, cfg.Height, c)
		}
	})
}

// allocated returns the bytes fn allocates on the heap (every allocation,
// garbage included, so it bounds the peak from above).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// The budget is only as good as the estimate: for each kind of decoder the
// estimate must cover what decoding allocates, and stay close enough not to
// refuse ordinary images.
func TestDecodeCostBoundsAllocations(t *testing.T) {
	for name, data := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			cost := media.DecodeCost(data, format, cfg.Width, cfg.Height)
			var decodeErr error
			got := allocated(func() { _, _, decodeErr = image.Decode(bytes.NewReader(data)) })
			if decodeErr != nil {
				t.Fatal(decodeErr)
			}
			if int64(got) > cost {
				t.Errorf("decoding allocated %d bytes, over the estimate %d", got, cost)
			}
			// Lossless WebP is sized for what a crafted file could make the
			// decoder allocate (Huffman tables, the colour-indexing copy), which
			// the header does not tell.
			loose := int64(2)
			if format == "webp" {
				loose = 4
			}
			if cost > loose*int64(got)+2<<20 {
				t.Errorf("estimate %d is over %d times the %d bytes decoding allocated", cost, loose, got)
			}
			t.Logf("%s %dx%d: allocated %.1f MiB, estimated %.1f MiB", format, cfg.Width, cfg.Height, float64(got)/(1<<20), float64(cost)/(1<<20))
		})
	}
}

// The audit's upload: ~75 KB of PNG declaring 4096×4096. Decoding needs
// 64 MiB; scaling it with x/image/draw's Catmull-Rom used to add 210 MB of
// float64 rows for the display copy and 52 MB more for the thumbnail, made
// from the full image again (≈ 340 MB allocated per upload).
func TestProcessLargePNGStaysWithinItsCost(t *testing.T) {
	data := mediatest.FlatPNG(t, 4096, 4096)
	p := media.New(media.Options{})
	var img media.Image
	var err error
	got := allocated(func() { img, err = p.Process(context.Background(), data) })
	if err != nil {
		t.Fatal(err)
	}
	if img.Width != 1600 || img.Height != 1600 {
		t.Errorf("got %dx%d, want 1600x1600", img.Width, img.Height)
	}
	cost := media.Cost(data, "png", 4096, 4096)
	if int64(got) > cost {
		t.Errorf("processing allocated %d bytes, over its cost %d", got, cost)
	}
	if cost > media.DefaultBudget {
		t.Errorf("cost %d of the largest ordinary image is over the default budget %d", cost, media.DefaultBudget)
	}
	const pixels = 4096 * 4096 * 4
	if got > pixels*3/2 {
		t.Errorf("processing allocated %d MiB, want under 1.5 × the 64 MiB of pixels", got>>20)
	}
	t.Logf("allocated %.1f MiB, cost %.1f MiB", float64(got)/(1<<20), float64(cost)/(1<<20))
}

func TestProcessorBoundsDecodes(t *testing.T) {
	data := mediatest.FlatPNG(t, 120, 80)
	cost := media.Cost(data, "png", 120, 80)
	cases := []struct {
		name     string
		opts     media.Options
		wantPeak int64
	}{
		{"one decoder per core", media.Options{Decoders: 2}, 2},
		{"budget for one image", media.Options{Decoders: 4, Budget: cost + cost/2}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := media.New(tc.opts)
			var wg sync.WaitGroup
			errs := make(chan error, 12)
			for range 12 {
				wg.Go(func() {
					_, err := p.Process(context.Background(), data)
					errs <- err
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := p.PeakInFlight(); got < 1 || got > tc.wantPeak {
				t.Errorf("got %d decodes at once, want at most %d", got, tc.wantPeak)
			}
		})
	}
}

func TestProcessRefusesWhatTheBudgetCannotHold(t *testing.T) {
	data := mediatest.FlatPNG(t, 600, 400)
	p := media.New(media.Options{Budget: media.Cost(data, "png", 600, 400) - 1})
	_, err := p.Process(context.Background(), data)
	var de *domain.Error
	if domain.ErrorCode(err) != domain.CodeInvalid || !errors.As(err, &de) || de.Fields["file"] == "" {
		t.Errorf("got %v, want an invalid-file error", err)
	}
}

func TestProcessGivesUpWithTheRequest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := media.New(media.Options{}).Process(ctx, mediatest.FlatPNG(t, 20, 20))
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.CodeRateLimited || de.RetryAfterSeconds <= 0 {
		t.Errorf("got %v, want rate_limited with a Retry-After", err)
	}
}

func TestResizeAverages(t *testing.T) {
	// A one-pixel checkerboard scaled down (1000 px to the 400 px thumbnail)
	// is an even grey, not a moiré; a flat colour stays exactly that colour
	// (2000 px to the 1600 px display copy).
	board := image.NewGray(image.Rect(0, 0, 1000, 1000))
	flat := image.NewGray(image.Rect(0, 0, 2000, 1000))
	for y := range 1000 {
		for x := range 1000 {
			if (x+y)%2 == 0 {
				board.Pix[y*board.Stride+x] = 255
			}
		}
	}
	for i := range flat.Pix {
		flat.Pix[i] = 77
	}
	cases := []struct {
		name   string
		img    image.Image
		lo, hi uint32
	}{
		{"checkerboard", board, 124, 131},
		{"flat", flat, 77, 77},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := png.Encode(&buf, tc.img); err != nil {
				t.Fatal(err)
			}
			out, err := media.New(media.Options{}).Process(context.Background(), buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			outputs := map[string][]byte{"thumb": out.Thumb}
			if tc.name == "flat" {
				outputs["display"] = out.Display
			}
			for name, enc := range outputs {
				img, _, err := image.Decode(bytes.NewReader(enc))
				if err != nil {
					t.Fatal(err)
				}
				b := img.Bounds()
				for _, pt := range []image.Point{b.Min, b.Max.Sub(image.Pt(1, 1)), {b.Dx() / 2, b.Dy() / 2}} {
					r, _, _, _ := img.At(pt.X, pt.Y).RGBA()
					if r>>8 < tc.lo || r>>8 > tc.hi {
						t.Errorf("%s pixel %v = %d, want %d–%d", name, pt, r>>8, tc.lo, tc.hi)
					}
				}
			}
		})
	}
}
