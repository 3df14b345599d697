import qrcode from 'qrcode-generator';

const QUIET_ZONE = 4; // modules of blank margin the QR specification asks for

/**
 * A QR code drawn locally as SVG with qrcode-generator: no third-party service sees the URL.
 * Loaded lazily, so the encoder stays out of the page's first JavaScript.
 */
export default function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const code = qrcode(0, 'M');
  code.addData(value);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE},${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const extent = count + QUIET_ZONE * 2;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges" className="rounded-lg">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
