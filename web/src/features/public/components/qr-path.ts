/** qrPath draws the dark modules of a QR matrix as one SVG path (1 unit a module). */
export function qrPath(data: boolean[][]) {
  let d = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (row[x]) x++
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return d
}
