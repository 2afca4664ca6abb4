package media

import (
	"image"
	"image/draw"
	"math"
)

// resize scales src to dw×dh with a Catmull-Rom filter widened by the
// reduction factor (so downscaling averages instead of aliasing), into a new
// premultiplied *image.RGBA. With flatten, transparent areas become white
// and the result is opaque.
//
// It reads src one row at a time and keeps only the horizontally scaled rows
// the vertical filter still needs: its memory is the output plus a few
// rows, where golang.org/x/image/draw's Kernel.Scale keeps a float64 copy
// of dw × source height (210 MB for 4096 rows down to 1600 columns).
func resize(src image.Image, dw, dh int, flatten bool) *image.RGBA {
	sb := src.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	xs, ys := filterTaps(sw, dw), filterTaps(sh, dh)
	ring := 0
	for _, t := range ys {
		ring = max(ring, len(t.w))
	}
	rows := make([][]float32, ring) // horizontally scaled source rows, by row % ring
	for i := range rows {
		rows[i] = make([]float32, 4*dw)
	}
	line := image.NewRGBA(image.Rect(0, 0, sw, 1))
	next := 0 // the next source row to read
	acc := make([]float32, 4*dw)
	for y, ty := range ys {
		for ; next < ty.first+len(ty.w); next++ {
			// draw has fast paths from every decoder's image type into RGBA.
			draw.Draw(line, line.Rect, src, image.Pt(sb.Min.X, sb.Min.Y+next), draw.Src)
			out := rows[next%ring]
			for x, tx := range xs {
				var r, g, b, a float32
				px := line.Pix[4*tx.first:]
				for i, w := range tx.w {
					r += w * float32(px[4*i])
					g += w * float32(px[4*i+1])
					b += w * float32(px[4*i+2])
					a += w * float32(px[4*i+3])
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
