// Package media validates and re-encodes uploaded images. Nothing the user
// sent is stored as sent: the type is read from the content, the size is
// bounded before any pixel is decoded, and the picture is re-encoded, which
// also drops EXIF and GPS metadata.
//
// Decoding is the one step whose memory an upload controls (a few kilobytes
// of PNG can declare 4096×4096 pixels: 64 MiB), so a Processor admits each
// decode against a byte budget shared by all uploads, after sizing it from
// the file's headers, and runs at most one decode per core.
package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	_ "golang.org/x/image/webp" // registers the WebP decoder
	"golang.org/x/sync/semaphore"

	"agendo/internal/domain"
)

// Limits of DESIGN.md section 8.
const (
	MaxBytes     = 5 << 20
	MaxDimension = 4096
	DisplayMax   = 1600
	ThumbMax     = 400
)

// DefaultBudget is the memory all decodes in flight may use together. It
// holds the largest ordinary upload — a 4096×4096 PNG, 64 MiB decoded, plus
// its display copy and encodings — and keeps the server inside DESIGN.md
// §12's 200 MB with room for everything else.
const DefaultBudget = 112 << 20

// Image is a validated, re-encoded upload.
type Image struct {
	ContentType   string
	Width, Height int // of Display
	Display       []byte
	Thumb         []byte
}

// Options configure a Processor; zero values take the defaults.
type Options struct {
	// Decoders is how many images may be decoded at once (runtime.NumCPU()).
	Decoders int
	// Budget is the bytes the decodes in flight may need together
	// (DefaultBudget). An image that alone needs more is refused.
	Budget int64
	// MaxWait is how long an upload waits for its turn before it is told to
	// try again (60 s).
	MaxWait time.Duration
}

// Processor validates and re-encodes images within a memory budget. It is
// safe for concurrent use.
type Processor struct {
	budget  int64
	maxWait time.Duration
	slots   *semaphore.Weighted // decoders
	bytes   *semaphore.Weighted // budget

	inFlight, peakInFlight atomic.Int64
	mu                     sync.Mutex
	sinceFree              int64 // bytes decoded since memory last went back to the OS
}

// New returns a Processor.
func New(o Options) *Processor {
	if o.Decoders <= 0 {
		o.Decoders = runtime.NumCPU()
	}
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	if o.MaxWait <= 0 {
		o.MaxWait = time.Minute
	}
	return &Processor{budget: o.Budget, maxWait: o.MaxWait,
		slots: semaphore.NewWeighted(int64(o.Decoders)), bytes: semaphore.NewWeighted(o.Budget)}
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

var (
	errCorrupt = domain.Invalid("Não foi possível ler a imagem: o arquivo parece corrompido", map[string]string{"file": "Imagem inválida"})
	errHeavy   = domain.Invalid("Esta imagem precisa de memória demais para ser processada. Reduza as dimensões ou envie em JPEG.",
		map[string]string{"file": "Imagem pesada demais"})
	errBusy = &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 10,
		Message: "Muitas imagens sendo processadas agora. Tente novamente em alguns segundos."}
)

// Process checks data is a JPEG, PNG or WebP image no larger than the limits
// and returns it re-encoded at display and thumbnail sizes. It waits (up to
// MaxWait, or until ctx ends) for its share of the decoding budget.
func (p *Processor) Process(ctx context.Context, data []byte) (Image, error) {
	if len(data) > MaxBytes {
		return Image{}, domain.Errorf(domain.CodePayloadTooLarge, "A imagem passa de 5 MB")
	}
	if !accepted[http.DetectContentType(data)] {
		return Image{}, domain.Invalid("Envie uma imagem JPEG, PNG ou WebP", map[string]string{"file": "Formato não aceito"})
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, errCorrupt
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxDimension || cfg.Height > MaxDimension {
		return Image{}, domain.Invalid(fmt.Sprintf("A imagem deve ter no máximo %d×%d pixels", MaxDimension, MaxDimension),
			map[string]string{"file": "Dimensões grandes demais"})
	}
	cost := Cost(data, format, cfg.Width, cfg.Height)
	if cost > p.budget {
		return Image{}, errHeavy
	}
	release, err := p.acquire(ctx, cost)
	if err != nil {
		return Image{}, err
	}
	defer release()
	return process(data, format, cfg)
}

// Cost is the memory, in bytes, that processing a w×h image of format
// ("jpeg", "png", "webp") needs at most: decoding it, the display and
// thumbnail copies, and their encodings.
func Cost(data []byte, format string, w, h int) int64 {
	dw, dh := fit(w, h, DisplayMax)
	tw, th := fit(dw, dh, ThumbMax)
	// Each copy: its RGBA pixels, and an encoding no larger than those pixels
	// (2 KB of headers aside) in a buffer that grew to it by doubling.
	outputs := 3 * 4 * (int64(dw)*int64(dh) + int64(tw)*int64(th))
	const encoders = 2 << 20 // deflate's window and hash chains at best compression
	return decodeCost(data, format, w, h) + outputs + encoders
}

// acquire waits for a decoder and cost bytes of the budget.
func (p *Processor) acquire(ctx context.Context, cost int64) (func(), error) {
	ctx, cancel := context.WithTimeout(ctx, p.maxWait)
	defer cancel()
	if err := p.slots.Acquire(ctx, 1); err != nil {
		return nil, errBusy
	}
	if err := p.bytes.Acquire(ctx, cost); err != nil {
		p.slots.Release(1)
		return nil, errBusy
	}
	n := p.inFlight.Add(1)
	for peak := p.peakInFlight.Load(); n > peak && !p.peakInFlight.CompareAndSwap(peak, n); peak = p.peakInFlight.Load() {
	}
	return func() {
		p.mu.Lock()
		p.sinceFree += cost
		free := p.inFlight.Add(-1) == 0 && p.sinceFree >= 64<<20
		if free {
			p.sinceFree = 0
		}
		p.mu.Unlock()
		p.bytes.Release(cost)
		p.slots.Release(1)
		if free {
			// The Go runtime hands freed memory back to the OS slowly: after a
			// burst of large decodes the process would stay hundreds of
			// megabytes larger than it needs. When the last decode in flight
			// ends, and 64 MiB have been decoded since the last time, a full
			// collection returns it.
			debug.FreeOSMemory()
		}
	}, nil
}

// process decodes, scales and encodes; the caller holds the budget.
func process(data []byte, format string, cfg image.Config) (Image, error) {
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return Image{}, errCorrupt
	}
	if b := src.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return Image{}, errCorrupt
	}
	// PNG and WebP may be transparent (logos): keep them PNG. Photos go JPEG.
	keepAlpha := format != "jpeg" && !opaque(src)
	dw, dh := fit(cfg.Width, cfg.Height, DisplayMax)
	display := resize(src, dw, dh, !keepAlpha) // src is garbage from here on
	tw, th := fit(dw, dh, ThumbMax)
	thumb := resize(display, tw, th, !keepAlpha) // from the display copy, not the original again
	displayBytes, err := encode(display, keepAlpha)
	if err != nil {
		return Image{}, err
	}
	thumbBytes, err := encode(thumb, keepAlpha)
	if err != nil {
		return Image{}, err
	}
	ct := "image/jpeg"
	if keepAlpha {
		ct = "image/png"
	}
	return Image{ContentType: ct, Width: dw, Height: dh, Display: displayBytes, Thumb: thumbBytes}, nil
}

func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// fit scales w×h to fit limit×limit, never up.
func fit(w, h, limit int) (int, int) {
	if w <= limit && h <= limit {
		return w, h
	}
	if w >= h {
		return limit, max(1, h*limit/w)
	}
	return max(1, w*limit/h), limit
}

func encode(img *image.RGBA, alpha bool) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if alpha {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	}
	if err != nil {
		return nil, fmt.Errorf("encode image: %w", err)
	}
	return buf.Bytes(), nil
}
