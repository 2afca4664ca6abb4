package media

import (
	"bytes"
	"encoding/binary"
)

// Decoding is where an upload's memory goes: the standard decoders build the
// whole picture in memory, and some need far more than the pixels. decodeCost
// reads the few header fields that decide how much, so the budget can be
// taken before a single pixel is decoded. Each figure is an upper bound of
// what the decoder allocates (TestDecodeCostBoundsAllocations measures it),
// derived from the decoders in image/jpeg, image/png and x/image/webp:
//
//   - JPEG: the sample planes (padded to whole MCUs); four times that again for
//     the coefficients a progressive JPEG keeps; 4 bytes a pixel more when an
//     RGB or CMYK image is converted at the end. A 4096×4096 baseline 4:2:0
//     photo needs 24 MiB, the same progressive 120 MiB, progressive 4:4:4 240 MiB.
//   - PNG: 4 bytes a pixel (8 at 16 bits per channel; 1 paletted, and 1 or 2
//     for grey without a transparent colour), twice that when interlaced (one
//     image per pass, then the whole).
//   - WebP: lossy 1.5 bytes a pixel (plus the alpha plane); lossless 9 bytes a
//     pixel plus its Huffman tables, which a crafted file can make ~256 times its
//     own size (up to the decoder's cap of 2,600 table groups).
const (
	// decoderSlack covers the decoders' fixed state: Huffman and quantisation
	// tables, zlib windows, bufio buffers, row buffers of small images.
	decoderSlack = 1 << 20
	// vp8lGroupBytes is one VP8L table group at its largest: 5 trees' lookup
	// tables (5×536 B) and nodes (8 B × (2·2328 + 3·2·256 + 2·40)).
	vp8lGroupBytes = 5*536 + 8*(2*2328+3*2*256+2*40)
	vp8lMaxGroups  = 2600
)

// decodeCost returns the bytes decoding data (already known to be format,
// w×h pixels) may allocate. Headers it cannot follow get the format's worst
// case, never a smaller figure.
func decodeCost(data []byte, format string, w, h int) int64 {
	px := int64(w) * int64(h)
	switch format {
	case "jpeg":
		if c, ok := jpegCost(data); ok {
			return c + decoderSlack
		}
		// 4:4:4:4 planes, progressive coefficients, the CMYK conversion.
		return 4*px + 16*px + 4*px + decoderSlack
	case "png":
		return pngCost(data, px) + decoderSlack
	case "webp":
		return webpCost(data, w, h) + decoderSlack
	}
	return 0
}

// jpegCost mirrors image/jpeg: it walks the markers up to the first scan and
// sizes what the decoder will allocate from the frame header.
func jpegCost(data []byte) (int64, bool) {
	if len(data) < 2 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0, false
	}
	var (
		jfif, adobe, sof, progressive bool
		adobeTransform                byte
		width, height, nComp          int
		ids                           [4]byte
		hs, vs                        [4]int
	)
	p := 2
	for {
		// Skip to the next marker: 0xFF, any fill bytes, then the code.
		for p < len(data) && data[p] != 0xFF {
			p++
		}
		for p < len(data) && data[p] == 0xFF {
			p++
		}
		if p >= len(data) {
			return 0, false
		}
		marker := data[p]
		p++
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0x00 {
			continue // standalone markers carry no length
		}
		if p+2 > len(data) {
			return 0, false
		}
		n := int(binary.BigEndian.Uint16(data[p:])) - 2
		p += 2
		if n < 0 || p+n > len(data) {
			return 0, false
		}
		seg := data[p : p+n]
		p += n
		switch {
		case marker == 0xC0 || marker == 0xC1 || marker == 0xC2:
			if sof || n < 6 {
				return 0, false
			}
			sof, progressive = true, marker == 0xC2
			height = int(binary.BigEndian.Uint16(seg[1:]))
			width = int(binary.BigEndian.Uint16(seg[3:]))
			nComp = int(seg[5])
			if (nComp != 1 && nComp != 3 && nComp != 4) || n < 6+3*nComp {
				return 0, false
			}
			for i := range nComp {
				ids[i] = seg[6+3*i]
				hs[i], vs[i] = int(seg[7+3*i]>>4), int(seg[7+3*i]&0x0F)
				if hs[i] < 1 || hs[i] > 4 || vs[i] < 1 || vs[i] > 4 {
					return 0, false
				}
			}
			if nComp == 1 {
				hs[0], vs[0] = 1, 1 // the decoder ignores a lone component's factors
			}
		case marker == 0xE0 && n >= 5:
			jfif = bytes.Equal(seg[:5], []byte("JFIF\x00"))
		case marker == 0xEE && n >= 12 && bytes.Equal(seg[:5], []byte("Adobe")):
			adobe, adobeTransform = true, seg[11]
		case marker == 0xDA: // start of scan: everything that sizes the image is known
			if !sof {
				return 0, false
			}
			mxx := int64((width + 8*hs[0] - 1) / (8 * hs[0]))
			myy := int64((height + 8*vs[0] - 1) / (8 * vs[0]))
			var planes int64
			for i := range nComp {
				planes += 64 * mxx * myy * int64(hs[i]*vs[i])
			}
			cost := planes
			if progressive {
				cost += 4 * planes // one int32 coefficient per sample
			}
			isRGB := !jfif && ((adobe && adobeTransform == 0) || (ids[0] == 'R' && ids[1] == 'G' && ids[2] == 'B'))
			if nComp == 4 || (nComp == 3 && isRGB) {
				cost += 4 * int64(width) * int64(height)
			}
			return cost, true
		case marker == 0xD9:
			return 0, false
		}
	}
}

// pngCost sizes image/png's output from the IHDR chunk, which DecodeConfig
// has checked is the first chunk.
func pngCost(data []byte, px int64) int64 {
	if len(data) < 33 {
		return 16 * px
	}
	depth, colorType, interlace := data[24], data[25], data[28]
	bpp := int64(4) // ≤ 8 bits: RGBA or NRGBA
	switch {
	case colorType == 0 && !pngHasTRNS(data): // grey, unless a transparent grey makes it NRGBA
		bpp = max(1, int64(depth)/8)
	case depth == 16:
		bpp = 8
	case colorType == 3:
		bpp = 1
	}
	cost := bpp * px
	if interlace != 0 {
		cost *= 2
	}
	return cost + 2*(8*int64(binary.BigEndian.Uint32(data[16:]))+1) // the two row buffers
}

// pngHasTRNS reports whether a tRNS chunk comes before the image data.
func pngHasTRNS(data []byte) bool {
	for p := 8; p+8 <= len(data); {
		n, typ := binary.BigEndian.Uint32(data[p:]), string(data[p+4:p+8])
		switch typ {
		case "tRNS":
			return true
		case "IDAT":
			return false
		}
		if uint64(n) > uint64(len(data)) {
			return true // unreadable: assume the larger image
		}
		p += 12 + int(n)
	}
	return true
}

// webpCost walks the RIFF chunks: VP8 (lossy), VP8L (lossless), and for
// VP8X files the ALPH chunk, whose alpha plane may itself be VP8L-coded.
func webpCost(data []byte, w, h int) int64 {
	px := int64(w) * int64(h)
	worst := 2*px + vp8lCost(px, len(data)) + int64(len(data))
	if len(data) < 12 || string(data[0:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return worst
	}
	var cost int64
	for p := 12; p+8 <= len(data); {
		fcc, n := string(data[p:p+4]), int(binary.LittleEndian.Uint32(data[p+4:]))
		p += 8
		if n < 0 || n > len(data)-p {
			return worst
		}
		switch fcc {
		case "ALPH":
			if n < 1 {
				return worst
			}
			cost += px // the alpha plane
			if data[p]&0x03 == 1 {
				cost += vp8lCost(px, n) // decoded as a whole NRGBA image first
			}
		case "VP8 ":
			mbs := int64((w+15)/16) * int64((h+15)/16)
			// 4:2:0 planes of whole macroblocks, per-macroblock state, and the
			// partitions copied out of the chunk.
			return cost + 384*mbs + 64*mbs + int64(n)
		case "VP8L":
			return cost + vp8lCost(px, n)
		}
		p += n + n&1
	}
	return worst
}

// vp8lCost bounds x/image/vp8l for px pixels coded in n bytes: the pixels
// (4 bytes, with room for the colour-indexing transform to unpack, which
// then copies them: 8), entropy and transform sub-images (≤ 1), and the
// Huffman table groups. Each table symbol costs the decoder 16 bytes and the
// file at least half a bit, so n bytes buy at most 256·n bytes of tables.
func vp8lCost(px int64, n int) int64 {
	tables := min(vp8lMaxGroups*vp8lGroupBytes, vp8lMaxGroups*5*536+256*int64(n))
	return 9*px + tables
}
