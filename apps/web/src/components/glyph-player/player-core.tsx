import { useEffect, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { Pause, Play } from 'lucide-react';
import { MATRIX_LED_RADIUS, type GlyphAnimation, type MatrixSize } from '@glyphary/shared';
import { cn } from '../../lib/cn.ts';
import { loadAnimation, loadEngine, type Engine } from './load-animation.ts';
import matrix13 from './matrix-13.svg?no-inline';
import matrix25 from './matrix-25.svg?no-inline';
import type { MatrixPainter } from './painter.ts';
import type { Timeline } from './timeline.ts';
import { formatSeconds } from './format-seconds.ts';
import { watchElement } from './visibility.ts';

/** The player's texts (issue 16). */
export const PLAYER_TEXT = {
  flashingTitle: 'Flashing lights',
  flashingBody: 'This animation flashes quickly, which may affect people with photosensitive epilepsy.',
  playAnyway: 'Play anyway',
  play: 'Play',
  pause: 'Pause',
  loop: 'Loop',
  speed: 'Speed',
  position: 'Position',
  group: (title: string) => `Animation of ${title}`,
  playTitle: (title: string) => `Play animation of ${title}`,
  pauseTitle: (title: string) => `Pause animation of ${title}`,
  frame: (frame: number, count: number, at: number, total: number) => `Frame ${frame} of ${count}, ${formatSeconds(at)} of ${formatSeconds(total)}`,
};

/** A frame that arrives after a long gap (a background tab, a card scrolled back) moves on at most this much. */
const MAX_STEP_MS = 100;

export type GlyphPlayerVariant = 'full' | 'compact' | 'hero';

/** What the full player's controls (player-controls.tsx) read and call. */
export interface PlayerControlsState {
  title: string;
  /** False until the animation has loaded: the controls are disabled. */
  ready: boolean;
  playing: boolean;
  /** The frame shown, from 0, of `count`; `at` and `total` in ms. */
  frame: number;
  count: number;
  at: number;
  total: number;
  speed: number;
  setSpeed: (speed: number) => void;
  loop: boolean;
  setLoop: (loop: boolean) => void;
  toggle: () => void;
  /** Shows frame `index` (clamped); `seekBy` moves from the frame drawn last. */
  seek: (index: number) => void;
  seekBy: (delta: number) => void;
}

/** The full player around its `stage` (the glyph page's controls). */
export type PlayerControlsComponent = ComponentType<{ state: PlayerControlsState; stage: ReactNode; className?: string | undefined }>;

export interface GlyphPlayerProps {
  /** The GLYA animation's URL. */
  src: string;
  /** The glyph's title, for labels. */
  title: string;
  /** The server's still image, shown until the first frame is drawn (the page's largest paint). */
  posterUrl?: string | null;
  /** The matrix size when known before loading (the glyph's `animation.width`): the unlit matrix is then in the first paint. */
  size?: number;
  /**
   * The phone's matrix to show it on (issue 47: a Phone (3) toy previewed on the Phone (4a) Pro's
   * 13×13); an animation of the other size is resampled (area average, shared resample.ts).
   */
  matrix?: MatrixSize | undefined;
  /** Flagged by the photosensitivity check: starts paused behind a warning. */
  flashing?: boolean;
  /**
   * 'full': controls (glyph page, previews); 'compact': no controls, loads and plays only while
   * visible (cards); 'hero': like compact but decorative and loaded at once.
   */
  variant?: GlyphPlayerVariant;
  /** Fetch the poster first (the glyph page's main image). */
  priority?: boolean;
  className?: string;
}

export interface GlyphPlayerCoreProps extends GlyphPlayerProps {
  /** The 'full' variant's controls: without them a full player is its stage alone. */
  controls?: PlayerControlsComponent | undefined;
}

function usePrefersReducedMotion(): boolean {
  // false on the server and in the first render, so the markup hydrates; the effect corrects it.
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** Where the 25 (or 13) cells sit in the disc: half a cell of margin, so the rim LEDs are whole. */
/** One round LED per cell, radius MATRIX_LED_RADIUS of a cell, repeated over the size×size grid. */
function ledMask(size: MatrixSize): CSSProperties {
  const edge = MATRIX_LED_RADIUS * 200;
  const cell = `${(100 / size).toFixed(4)}%`;
  return { maskImage: `radial-gradient(circle closest-side, #000 ${(edge - 2).toFixed(0)}%, transparent ${edge.toFixed(0)}%)`, maskSize: `${cell} ${cell}`, maskRepeat: 'repeat' };
}

function innerSquare(size: MatrixSize): CSSProperties {
  const inset = `${(50 / (size + 1)).toFixed(3)}%`;
  const side = `${((100 * size) / (size + 1)).toFixed(3)}%`;
  return { left: inset, top: inset, width: side, height: side };
}

/**
 * THE Glyph Matrix player (the cards' and the hero's as it is; the glyph page's with the controls of
 * player-controls.tsx, through `GlyphPlayer` in glyph-player.tsx): the round LED matrix, crisp at any size and pixel ratio.
 * A frame is one pixel per cell in a size×size canvas (unlit grey to white), scaled up without
 * smoothing and cut into round LEDs by an SVG of the matrix as a mask, over a smoothed copy as the
 * glow (large players only). Before it, the poster, else the same SVG as a background, shows the
 * unlit matrix (in the pre-rendered HTML when the size is known). The markup is the same on the server
 * and in the browser's first render (the poster, empty canvases, disabled controls); loading and
 * drawing start in effects.
 */
export function GlyphPlayerCore({ src, title, posterUrl, size, matrix: shownOn, flashing = false, variant = 'full', priority = false, className, controls: Controls }: GlyphPlayerCoreProps) {
  const full = variant === 'full';
  // A soft glow costs a second canvas: worth it on the glyph page and the hero, not on small cards.
  const glow = variant !== 'compact';
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const glowRef = useRef<HTMLCanvasElement>(null);
  const painterRef = useRef<MatrixPainter | null>(null);
  // The decoder, painter and clock arrive with the animation (engine.ts).
  const engineRef = useRef<Engine | null>(null);
  const positionRef = useRef(0);
  const drawnRef = useRef(-1);
  const animationRef = useRef<GlyphAnimation | null>(null);
  const loadedSrcRef = useRef<string | null>(null);
  const startedRef = useRef(false);
  const reducedMotion = usePrefersReducedMotion();
  const [visible, setVisible] = useState(false);
  const [animation, setAnimation] = useState<GlyphAnimation | null>(null);
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [drawn, setDrawn] = useState(false);
  // The LEDs cover the poster only once the poster has painted (or failed): were they shown first, the poster
  // would be hidden before it ever painted and the LED mask, not the poster, would be the largest paint.
  const posterRef = useRef<HTMLImageElement>(null);
  const [posterSettled, setPosterSettled] = useState(false);
  // null until someone presses play or pause: then the automatic choice no longer applies.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [frame, setFrame] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [loop, setLoop] = useState(true);

  const warning = flashing && !acknowledged;
  const waitingForPlay = reducedMotion && chosen === null;
  const playing = !warning && (chosen ?? !reducedMotion) && animation !== null;

  function paint(index: number) {
    const painter = painterRef.current;
    const current = animationRef.current;
    if (!painter || !current || index === drawnRef.current) return;
    painter.draw(current.frames[index]!.leds);
    drawnRef.current = index;
    if (full) setFrame(index);
    if (!drawn) setDrawn(true);
  }

  const running = playing && (visible || variant === 'full');

  // Visibility, from the page's shared observer.
  useEffect(() => watchElement(stageRef.current!, setVisible), []);

  // Whether an animation that arrives now starts playing (read by the load callback, which outlives a render).
  const autoplayRef = useRef(false);
  useEffect(() => {
    autoplayRef.current = !warning && (chosen ?? !reducedMotion) && (visible || full);
  });

  // Cards and the hero load when they first come into view; the page's player at once.
  const wanted = full || visible;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    Promise.all([loadAnimation(src), loadEngine()]).then(
      ([decoded, engine]) => {
        if (!live) return;
        const { MatrixPainter, createTimeline, frameAt, posterFrame, resampleAnimation } = (engineRef.current = engine);
        const loaded = shownOn ? resampleAnimation(decoded, shownOn) : decoded;
        // Another matrix for the same animation (the phone switch) keeps the place and the play state.
        const same = loadedSrcRef.current === src && animationRef.current !== null;
        loadedSrcRef.current = src;
        painterRef.current = new MatrixPainter(canvasRef.current!, glowRef.current, loaded.size);
        animationRef.current = loaded;
        drawnRef.current = -1;
        const next = createTimeline(loaded.frames.map((f) => f.durationMs));
        if (same) {
          paint(frameAt(next, positionRef.current));
        } else {
          startedRef.current = false;
          // A player that starts at once shows its first frame (the hero's poster is that frame); one that
          // waits (reduced motion, the warning) shows the frame with the most light.
          const first = autoplayRef.current ? 0 : posterFrame(loaded);
          positionRef.current = next.starts[first]!;
          paint(first);
        }
        setTimeline(next);
        setAnimation(loaded);
      },
      () => undefined, // the poster stays: a missing animation is not worth an error on a card
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paint reads refs only
  }, [src, wanted, shownOn]);

  // One shared frame loop: move the clock on, draw only when the frame changes.
  useEffect(() => {
    const engine = engineRef.current;
    // The timeline is set with the engine: both are there or neither.
    if (!running || !timeline || !engine) return;
    const { addTicker, advance, frameAt } = engine;
    // The first play starts at the beginning, not at the still frame.
    if (!startedRef.current) positionRef.current = 0;
    startedRef.current = true;
    let last: number | null = null;
    return addTicker((now) => {
      const elapsed = last === null ? 0 : Math.min(now - last, MAX_STEP_MS);
      last = now;
      const step = advance(timeline, positionRef.current, elapsed, speed, loop);
      positionRef.current = step.position;
      paint(frameAt(timeline, step.position));
      if (step.ended) setChosen(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, timeline, speed, loop]);

  function start() {
    setAcknowledged(true);
    // Play at the end of a single pass starts again from the beginning.
    if (timeline && !loop && positionRef.current >= timeline.starts[timeline.starts.length - 1]!) positionRef.current = 0;
    setChosen(true);
  }
  const toggle = () => (playing ? setChosen(false) : start());

  function seekBy(delta: number) {
    seek(drawnRef.current + delta);
  }

  function seek(index: number) {
    if (!animation || !timeline) return;
    startedRef.current = true;
    const target = Math.max(0, Math.min(animation.frames.length - 1, index));
    positionRef.current = timeline.starts[target]!;
    paint(target);
  }

  useEffect(() => {
    // A pre-rendered poster may have loaded before hydration, when no onLoad listener was attached yet.
    setPosterSettled(Boolean(posterRef.current?.complete));
  }, [posterUrl]);
  const ledsShown = drawn && (!posterUrl || posterSettled);

  const count = animation?.frames.length ?? 1;
  const total = timeline?.total ?? 0;
  const overlayButton = 'relative z-10 inline-flex items-center justify-center gap-2 rounded-full bg-white font-medium text-black hover:bg-fg/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

  const matrixSize: MatrixSize | null = shownOn ?? animation?.size ?? (size === 13 || size === 25 ? size : null);
  const matrix = matrixSize === 13 ? matrix13 : matrix25;
  const square = innerSquare(matrixSize ?? 25);
  // Poster, unlit matrix and LEDs share one box: the cells, half a cell inside the disc. Nothing
  // drawn later is larger than the poster, so the poster stays the largest paint.
  const stage = (
    <div ref={stageRef} className="relative aspect-square w-full overflow-hidden rounded-full bg-black" data-playing={playing && running ? 'true' : 'false'}>
      {posterUrl ? (
        <img
          ref={posterRef}
          src={posterUrl}
          alt=""
          onLoad={() => setPosterSettled(true)}
          onError={() => setPosterSettled(true)}
          width={480}
          height={480}
          loading={priority ? undefined : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          // The page's largest paint: decoded with the frame that shows it, not in a later one.
          decoding={priority ? undefined : 'async'}
          style={square}
          className={cn('absolute', ledsShown && 'invisible')}
        />
      ) : null}
      {/* The unlit matrix before the first frame where no poster shows it (the LED canvas covers it after). */}
      {matrixSize && !posterUrl && !drawn ? <div aria-hidden="true" className="absolute" style={{ ...square, backgroundImage: `url(${matrix})`, backgroundSize: '100% 100%' }} /> : null}
      {glow ? <canvas ref={glowRef} aria-hidden="true" style={square} className={cn('absolute opacity-60', !ledsShown && 'invisible')} /> : null}
      {/* A round dot per cell as a mask: the lit cells become round LEDs (cells outside the disc are transparent on
          the canvas). A gradient, not the matrix picture: an image mask is a paint the browser may take for the
          page's largest one, and it would then replace the poster as LCP once the LEDs show. */}
      <div aria-hidden="true" className="absolute" style={{ ...square, ...ledMask(matrixSize ?? 25) }}>
        <canvas ref={canvasRef} className={cn('h-full w-full [image-rendering:pixelated]', !ledsShown && 'invisible')} />
      </div>
      {warning ? (
        <div className={cn('absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/75 p-[12%] text-center', !full && 'p-[8%]')}>
          <p className="font-mono text-xs font-semibold tracking-wider text-warning uppercase">{PLAYER_TEXT.flashingTitle}</p>
          {full ? <p className="max-w-xs text-sm text-fg">{PLAYER_TEXT.flashingBody}</p> : null}
          {full || variant === 'compact' ? (
            <button type="button" onClick={start} className={cn(overlayButton, full ? 'h-11 px-5 text-sm' : 'h-8 px-3 text-xs')} aria-label={full ? undefined : PLAYER_TEXT.playTitle(title)}>
              <Play size={16} aria-hidden="true" />
              {full ? PLAYER_TEXT.playAnyway : PLAYER_TEXT.play}
            </button>
          ) : null}
        </div>
      ) : waitingForPlay ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <button type="button" onClick={start} aria-label={PLAYER_TEXT.playTitle(title)} className={cn(overlayButton, full ? 'h-14 w-14' : 'h-10 w-10')}>
            <Play size={full ? 24 : 18} aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );

  if (!full) {
    return (
      <div className={cn('relative', className)} aria-hidden={variant === 'hero' && !waitingForPlay ? true : undefined}>
        {stage}
        {variant === 'compact' && chosen !== null && !warning ? (
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? PLAYER_TEXT.pauseTitle(title) : PLAYER_TEXT.playTitle(title)}
            className={cn(overlayButton, 'absolute right-2 bottom-2 h-8 w-8')}
          >
            {playing ? <Pause size={14} aria-hidden="true" /> : <Play size={14} aria-hidden="true" />}
          </button>
        ) : null}
      </div>
    );
  }

  if (!Controls) return stage;
  const state: PlayerControlsState = {
    title,
    ready: animation !== null,
    playing,
    frame,
    count,
    at: timeline?.starts[frame] ?? 0,
    total,
    speed,
    setSpeed,
    loop,
    setLoop,
    toggle,
    seek,
    seekBy,
  };
  return <Controls state={state} stage={stage} className={className} />;
}
