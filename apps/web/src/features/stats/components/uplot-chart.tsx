import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatCount } from '@glyphary/shared';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { numberAt, styleOf, type DayRow, type SeriesSpec, type SeriesStyle } from '../lib/series.ts';

// This module is the only one that imports uPlot; StatsChart loads it with React.lazy, so uPlot is a
// chunk of its own that only the dashboard and admin Statistics pages ask for.

const HEIGHT = 220;
const AXIS = { stroke: '#a3a3a3', grid: { stroke: '#2b2b2b', width: 1 }, ticks: { stroke: '#2b2b2b', width: 1 }, font: '12px "Inter Variable", system-ui, sans-serif' };
/** Whole-number steps: counts have no fractions. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Draws the series' own marker at each point when the points are far enough apart to read. */
function drawMarkers(style: SeriesStyle) {
  return (u: uPlot, seriesIdx: number, i0: number, i1: number): undefined => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    if (!ys) return;
    const ratio = uPlot.pxRatio;
    if (u.bbox.width / Math.max(1, i1 - i0) < 14 * ratio) return;
    const { ctx } = u;
    const r = 3.5 * ratio;
    ctx.save();
    ctx.fillStyle = style.stroke;
    ctx.strokeStyle = style.stroke;
    ctx.lineWidth = 1.5 * ratio;
    for (let i = i0; i <= i1; i++) {
      const y = ys[i];
      const xValue = xs[i];
      if (y == null || xValue == null) continue;
      const x = u.valToPos(xValue, 'x', true);
      const yPos = u.valToPos(y, 'y', true);
      ctx.beginPath();
      if (style.marker === 'circle') ctx.arc(x, yPos, r, 0, 2 * Math.PI);
      else if (style.marker === 'square') ctx.rect(x - r, yPos - r, 2 * r, 2 * r);
      else if (style.marker === 'diamond') {
        ctx.moveTo(x, yPos - r * 1.3);
        ctx.lineTo(x + r * 1.3, yPos);
        ctx.lineTo(x, yPos + r * 1.3);
        ctx.lineTo(x - r * 1.3, yPos);
        ctx.closePath();
      } else {
        ctx.moveTo(x, yPos - r * 1.3);
        ctx.lineTo(x + r * 1.2, yPos + r);
        ctx.lineTo(x - r * 1.2, yPos + r);
        ctx.closePath();
      }
      // Diamonds are hollow: one more difference from the filled squares and triangles.
      if (style.marker === 'diamond') ctx.stroke();
      else ctx.fill();
    }
    ctx.restore();
  };
}

/**
 * A uPlot line chart of `rows` (one per UTC day). Focusable: Left/Right (Home/End) move the cursor a
 * day and `onCursor` hears which day it is on, mouse or keyboard, so the page can read it out.
 */
export default function UplotChart({
  rows,
  series,
  area = false,
  label,
  describedBy,
  onCursor,
}: {
  rows: readonly DayRow[];
  series: readonly SeriesSpec[];
  area?: boolean;
  label: string;
  describedBy: string;
  onCursor: (index: number | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const onCursorRef = useRef(onCursor);
  useEffect(() => {
    onCursorRef.current = onCursor;
  }, [onCursor]);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const data: uPlot.AlignedData = [
      rows.map((row) => toSeconds(row.day)),
      ...series.map(({ key }) => rows.map((row) => numberAt(row, key))),
    ];
    const options: uPlot.Options = {
      width: Math.max(240, target.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 9, width: 2, fill: '#000000' } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        { ...AXIS },
        { ...AXIS, incrs: COUNT_STEPS, values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? formatCount(value) : '')), size: 48 },
      ],
      series: [
        {},
        ...series.map(({ label: name }, index) => {
          const style = styleOf(index);
          return {
            label: name,
            stroke: style.stroke,
            width: 2,
            dash: [...style.dash],
            fill: area && index === 0 ? (style.fill ?? undefined) : undefined,
            points: { show: drawMarkers(style) },
          } satisfies uPlot.Series;
        }),
      ],
      hooks: { setCursor: [(u) => onCursorRef.current(u.cursor.idx ?? null)] },
    };
    const plot = new uPlot(options, data, target);
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, target.clientWidth), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [rows, series, area]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const plot = chart.current;
    const count = rows.length;
    if (!plot || count === 0) return;
    const current = plot.cursor.idx ?? null;
    let next: number;
    if (event.key === 'ArrowRight') next = current === null ? 0 : Math.min(count - 1, current + 1);
    else if (event.key === 'ArrowLeft') next = current === null ? count - 1 : Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    const x = plot.data[0][next] as number;
    const y = plot.data[1]?.[next] ?? 0;
    plot.setCursor({ left: plot.valToPos(x, 'x'), top: plot.valToPos(y, 'y') });
  }

  return (
    <div
      ref={container}
      role="group"
      aria-roledescription="chart"
      aria-label={`${label}. Left and Right arrow keys move a day.`}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={handleKeyDown}
      className="min-h-[220px] w-full rounded-xl outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
      data-chart=""
    />
  );
}
