// Package media validates and re-encodes uploaded images. Nothing the user
// sent is stored as sent: the type is read from the content, the size is
// bounded before any pixel is decoded, and the picture is re-encoded, which
// also drops EXIF and GPS metadata.
package media

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"net/http"

	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // registers the WebP decoder

	"agendo/internal/domain"
)

// Limits of DESIGN.md section 8.
const (
	MaxBytes     = 5 << 20
	MaxDimension = 4096
	DisplayMax   = 1600
	ThumbMax     = 400
)

// Image is a validated, re-encoded upload.
type Image struct {
	ContentType   string
	Width, Height int // of Display
	Display       []byte
	Thumb         []byte
}

var accepted = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// Process checks data is a JPEG, PNG or WebP image no larger than the limits
// and returns it re-encoded at display and thumbnail sizes.
func Process(data []byte) (Image, error) {
	if len(data) > MaxBytes {
		return Image{}, domain.Errorf(domain.CodePayloadTooLarge, "A imagem passa de 5 MB")
	}
	if !accepted[http.DetectContentType(data)] {
		return Image{}, domain.Invalid("Envie uma imagem JPEG, PNG ou WebP", map[string]string{"file": "Formato não aceito"})
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, domain.Invalid("Não foi possível ler a imagem: o arquivo parece corrompido", map[string]string{"file": "Imagem inválida"})
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxDimension || cfg.Height > MaxDimension {
		return Image{}, domain.Invalid(fmt.Sprintf("A imagem deve ter no máximo %d×%d pixels", MaxDimension, MaxDimension),
			map[string]string{"file": "Dimensões grandes demais"})
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return Image{}, domain.Invalid("Não foi possível ler a imagem: o arquivo parece corrompido", map[string]string{"file": "Imagem inválida"})
	}
	// PNG and WebP may be transparent (logos): keep them PNG. Photos go JPEG.
	keepAlpha := format != "jpeg" && !opaque(src)
	display, w, h, err := encode(src, DisplayMax, keepAlpha)
	if err != nil {
		return Image{}, err
	}
	thumb, _, _, err := encode(src, ThumbMax, keepAlpha)
	if err != nil {
		return Image{}, err
	}
	ct := "image/jpeg"
	if keepAlpha {
		ct = "image/png"
	}
	return Image{ContentType: ct, Width: w, Height: h, Display: display, Thumb: thumb}, nil
}

func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// encode scales img to fit limit×limit (never up) and encodes it.
func encode(img image.Image, limit int, alpha bool) ([]byte, int, int, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > limit || h > limit {
		if w >= h {
			h, w = max(1, h*limit/w), limit
		} else {
			w, h = max(1, w*limit/h), limit
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if !alpha {
		draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src) // transparent pixels become white
	}
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Over, nil)
	var buf bytes.Buffer
	var err error
	if alpha {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, dst)
	} else {
		err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 85})
	}
	if err != nil {
		return nil, 0, 0, fmt.Errorf("encode image: %w", err)
	}
	return buf.Bytes(), w, h, nil
}
