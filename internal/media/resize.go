package media

import (
	"image"
	"image/draw"
	"math"
)

// resize scales src to dw×dh into a new premultiplied *image.RGBA: first
// by averaging whole k×k blocks (k the integer part of the reduction), then
// with a Catmull-Rom filter, widened by what reduction is left, so nothing
// aliases. With flatten, transparent areas become white and the result is
// opaque.
//
// It reads src one row at a time and keeps only the rows the vertical filter
// still needs: its memory is the output plus a few rows, where
// golang.org/x/image/draw's Kernel.Scale keeps a float64 copy of dw × the
// source height (210 MB for 4096 rows down to 1600 columns).
func resize(src image.Image, dw, dh int, flatten bool) *image.RGBA {
	sb := src.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	kx, ky := max(1, sw/dw), max(1, sh/dh)
	bw, bh := (sw+kx-1)/kx, (sh+ky-1)/ky // the block-averaged size
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	xs, ys := filterTaps(bw, dw), filterTaps(bh, dh)
	ring := 0
	for _, t := range ys {
		ring = max(ring, len(t.w))
	}
	rows := make([][]float32, ring) // horizontally filtered block rows, by index % ring
	for i := range rows {
		rows[i] = make([]float32, 4*dw)
	}
	line := image.NewRGBA(image.Rect(0, 0, sw, 1))
	sums := make([]uint32, 4*bw)
	block := make([]float32, 4*bw)
	next := 0 // the next block row to make
	acc := make([]float32, 4*dw)
	for y, ty := range ys {
		for ; next < ty.first+len(ty.w); next++ {
			clear(sums)
			y0, y1 := next*ky, min(sh, next*ky+ky)
			for sy := y0; sy < y1; sy++ {
				// draw has fast paths from every decoder's image type into RGBA.
				draw.Draw(line, line.Rect, src, image.Pt(sb.Min.X, sb.Min.Y+sy), draw.Src)
				for bx := range bw {
					px := line.Pix[4*bx*kx : 4*min(sw, bx*kx+kx)]
					var r, g, b, a uint32
					for i := 0; i < len(px); i += 4 {
						r, g, b, a = r+uint32(px[i]), g+uint32(px[i+1]), b+uint32(px[i+2]), a+uint32(px[i+3])
					}
					sums[4*bx] += r
					sums[4*bx+1] += g
					sums[4*bx+2] += b
					sums[4*bx+3] += a
				}
			}
			for bx := range bw {
				n := float32((min(sw, bx*kx+kx) - bx*kx) * (y1 - y0))
				for c := range 4 {
					block[4*bx+c] = float32(sums[4*bx+c]) / n
				}
			}
			out := rows[next%ring]
			for x, tx := range xs {
				var r, g, b, a float32
				px := block[4*tx.first:]
				for i, w := range tx.w {
					r += w * px[4*i]
					g += w * px[4*i+1]
					b += w * px[4*i+2]
					a += w * px[4*i+3]
				}
				out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, b, a
			}
		}
		clear(acc)
		for i, w := range ty.w {
			row := rows[(ty.first+i)%ring]
			for j, v := range row {
				acc[j] += w * v
			}
		}
		pix := dst.Pix[y*dst.Stride:]
		for x := range dw {
			a := clamp8(acc[4*x+3])
			r, g, b := min(clamp8(acc[4*x]), a), min(clamp8(acc[4*x+1]), a), min(clamp8(acc[4*x+2]), a)
			if flatten { // over white: c + (255 - a)
				r, g, b, a = r+(255-a), g+(255-a), b+(255-a), 255
			}
			pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3] = r, g, b, a
		}
	}
	return dst
}

func clamp8(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// taps are the source samples (first, first+1, …) that make one output
// sample, with their weights (summing to 1).
type taps struct {
	first int
	w     []float32
}

// filterTaps maps n source samples onto m ≤ n output samples.
func filterTaps(n, m int) []taps {
	scale := float64(n) / float64(m)
	support := 2 * max(scale, 1) // Catmull-Rom reaches 2 samples; widened when reducing
	out := make([]taps, m)
	for i := range out {
		center := (float64(i)+0.5)*scale - 0.5
		lo := max(0, int(math.Ceil(center-support)))
		hi := min(n-1, int(math.Floor(center+support)))
		w := make([]float32, 0, hi-lo+1)
		var sum float64
		for s := lo; s <= hi; s++ {
			v := catmullRom((float64(s) - center) / max(scale, 1))
			w = append(w, float32(v))
			sum += v
		}
		for j := range w {
			w[j] = float32(float64(w[j]) / sum)
		}
		out[i] = taps{first: lo, w: w}
	}
	return out
}

func catmullRom(t float64) float64 {
	t = math.Abs(t)
	switch {
	case t < 1:
		return (1.5*t-2.5)*t*t + 1
	case t < 2:
		return ((-0.5*t+2.5)*t-4)*t + 2
	}
	return 0
}
