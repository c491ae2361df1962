import { useMemo } from 'react';
import { encode } from 'uqr';

/** The light margin scanners need to find the symbol: 4 modules on each side (ISO/IEC 18004, quiet zone). */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as inline SVG: sharp at any size, one path of dark modules on a light square whatever the
 * colour scheme (a scanner needs dark on light), with the quiet zone inside the image. SVG attributes only, no
 * inline style or script, so the CSP (style-src 'self', no 'unsafe-inline') allows it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => darkModulesPath(text), [text]);
  const extent = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr-code"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

/**
 * Encodes the UTF-8 bytes of `text` (byte mode, so any text encodes the same way) at error-correction level M
 * (15% of the symbol may be lost), and draws each row's runs of dark modules as one rectangle each.
 */
function darkModulesPath(text: string): { size: number; path: string } {
  const { size, data } = encode(Array.from(new TextEncoder().encode(text)), { ecc: 'M', border: 0 });
  const rectangles: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      rectangles.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size, path: rectangles.join('') };
}
