import { cn } from '../../lib/cn.ts';

/** A round dot spinner. Decorative unless `label` is given (then it is a status). */
export function Spinner({ size = 'md', label, className }: { size?: 'sm' | 'md' | 'lg'; label?: string; className?: string }) {
  const px = size === 'sm' ? 16 : size === 'lg' ? 40 : 24;
  const dots = Array.from({ length: 8 }, (_, i) => {
    const angle = (i / 8) * Math.PI * 2;
    return { cx: 12 + Math.cos(angle) * 8, cy: 12 + Math.sin(angle) * 8, opacity: 0.25 + (i / 8) * 0.75 };
  });
  const svg = (
    <svg width={px} height={px} viewBox="0 0 24 24" className="animate-spin" aria-hidden="true" focusable="false">
      {dots.map((dot, i) => (
        <circle key={i} cx={dot.cx} cy={dot.cy} r={2} fill="currentColor" opacity={dot.opacity} />
      ))}
    </svg>
  );
  if (!label) return <span className={cn('inline-flex', className)}>{svg}</span>;
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-muted', className)}>
      {svg}
      <span>{label}</span>
    </span>
  );
}
