import { COVER_PICTURE_HEIGHT, COVER_PICTURE_WIDTH } from '@churchtrades/shared/constants';
import sharp from 'sharp';
import type { TradeRow } from './generate-trades';
import type { Random } from './random';

/** Every this many businesses one has a cover picture, besides the demo trader's: the rest show the page without. */
const COVER_EVERY = 60;

/** A cover picture of the demo: where the business's row says it is kept, and the landscape it shows. */
export interface DemoCover {
  tradeId: string;
  url: string;
  /** Hue of the sky, 0–359. */
  skyHue: number;
  /** Hue of the hills, 0–359. */
  landHue: number;
  /** Where the sun stands, as fractions of the width and height. */
  sun: { x: number; y: number };
  /** The ridge heights of the three hills, back to front, as fractions of the height. */
  ridges: [number, number, number];
}

/** A stored image's name, as the image store makes them: 32 hexadecimal digits, here drawn from the seed. */
function coverUrl(random: Random): string {
  return `/uploads/covers/${random.uuid().replaceAll('-', '')}.webp`;
}

function drawCover(random: Random): Omit<DemoCover, 'tradeId' | 'url'> {
  return {
    skyHue: random.int(0, 359),
    landHue: random.int(70, 160),
    sun: { x: random.int(15, 85) / 100, y: random.int(15, 40) / 100 },
    ridges: [random.int(40, 55) / 100, random.int(55, 68) / 100, random.int(68, 80) / 100],
  };
}

/**
 * The cover pictures of the demo trader's business (the first) and of every COVER_EVERY-th approved business;
 * each is drawn when the demo is stored (drawCoverPicture).
 */
export function buildCovers(random: Random, trades: readonly TradeRow[]): DemoCover[] {
  const approved = trades.filter((trade) => trade.moderationStatus === 'APPROVED');
  const covered = approved.filter((_trade, index) => index % COVER_EVERY === 0);
  return covered.map((trade) => ({ tradeId: trade.id, url: coverUrl(random), ...drawCover(random) }));
}

/** The businesses, each with its cover picture's URL, or none. */
export function withCovers(trades: readonly TradeRow[], covers: readonly DemoCover[]): TradeRow[] {
  const urls = new Map(covers.map((cover) => [cover.tradeId, cover.url]));
  return trades.map((trade) => ({ ...trade, image: urls.get(trade.id) ?? null }));
}

/** A hill across the whole width, its ridge a gentle wave around `ridge` (a fraction of the height). */
function hill(ridge: number, phase: number, fill: string): string {
  const width = COVER_PICTURE_WIDTH;
  const height = COVER_PICTURE_HEIGHT;
  const top = Math.round(ridge * height);
  const swing = Math.round(height * 0.06);
  const first = top - swing * Math.sin(phase);
  const second = top + swing * Math.cos(phase);
  return (
    `<path fill="${fill}" d="M0 ${Math.round(first)} Q ${width * 0.25} ${top - swing * 2} ${width * 0.5} ${top} ` +
    `T ${width} ${Math.round(second)} V ${height} H 0 Z"/>`
  );
}

function landscapeSvg(cover: DemoCover): string {
  const { skyHue, landHue, sun, ridges } = cover;
  const hills = ridges.map((ridge, index) => hill(ridge, index * 1.7 + skyHue / 60, `hsl(${landHue}, 38%, ${58 - index * 13}%)`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_PICTURE_WIDTH}" height="${COVER_PICTURE_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${skyHue}, 62%, 70%)"/>
      <stop offset="1" stop-color="hsl(${(skyHue + 35) % 360}, 75%, 90%)"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${Math.round(sun.x * COVER_PICTURE_WIDTH)}" cy="${Math.round(sun.y * COVER_PICTURE_HEIGHT)}" r="90" fill="hsl(42, 95%, 68%)"/>
  ${hills.join('\n  ')}
</svg>`;
}

/** The cover as a PNG, as a camera or a drawing program would hand it over: the image store re-encodes it. */
export function drawCoverPicture(cover: DemoCover): Promise<Buffer> {
  return sharp(Buffer.from(landscapeSvg(cover))).png().toBuffer();
}
