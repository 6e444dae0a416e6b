import { useMemo } from 'react';
import { create } from 'qrcode';

export interface QrCodeProps {
  /** What the code encodes, e.g. an otpauth:// URI. */
  value: string;
  /** Describes the image for screen readers. */
  label: string;
  size?: number;
}

/** Drawn as SVG from the module matrix: no canvas, crisp at any zoom. */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const path = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) parts.push(`M${column + 4} ${row + 4}h1v1h-1z`);
      }
    }
    return { d: parts.join(''), extent: modules.size + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      shapeRendering="crispEdges"
      className="qr-code"
    >
      <rect width={path.extent} height={path.extent} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
