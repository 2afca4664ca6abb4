// Package mediatest makes images for the tests of uploads.
package mediatest

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// FlatPNG is a PNG of one colour: a few kilobytes that decode to w×h NRGBA
// pixels (4096×4096: ~75 KB that decode to 64 MiB).
func FlatPNG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
