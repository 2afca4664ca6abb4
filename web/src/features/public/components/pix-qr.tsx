import { encode } from 'uqr'

import { qrPath } from './qr-path'

/**
 * PixQr is the Pix code as a QR code, drawn as inline SVG (nothing for the CSP to block). Its
 * module is loaded only when a confirmation has a Pix payment.
 */
export function PixQr({ code, className }: { code: string; className?: string }) {
  const qr = encode(code, { ecc: 'M', border: 2 })
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label="QR Code do Pix"
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qrPath(qr.data)} fill="#000" />
    </svg>
  )
}
