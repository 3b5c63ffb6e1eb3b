import type { MultiLineString } from 'geojson';

/**
 * The borders between Australia's states and territories, as longitude and latitude, drawn over the coastline
 * of the built-in map. Most are lines of longitude and latitude fixed by law (129°E, 138°E, 141°E, 26°S, 29°S);
 * the rivers and ranges of the NSW borders (the Murray, the Dumaresq and Macpherson Range) are followed through
 * a few points each, close enough for a map without streets.
 */
export const STATE_BORDERS: MultiLineString = {
  type: 'MultiLineString',
  coordinates: [
    // Western Australia and the Northern Territory, then South Australia
    [
      [129, -14.88],
      [129, -31.69],
    ],
    // The Northern Territory and South Australia, then Queensland
    [
      [129, -26],
      [141, -26],
    ],
    // The Northern Territory and Queensland
    [
      [138, -26],
      [138, -16.55],
    ],
    // South Australia and Queensland, New South Wales, then Victoria
    [
      [141, -26],
      [141, -38.06],
    ],
    // Queensland and New South Wales: 29°S, then the rivers and ranges to Point Danger
    [
      [141, -29],
      [148.96, -29],
      [149.6, -28.97],
      [150.6, -28.6],
      [151.4, -28.85],
      [152.0, -28.55],
      [152.4, -28.35],
      [153.0, -28.25],
      [153.55, -28.17],
    ],
    // New South Wales and Victoria: the Murray, then the straight line to Cape Howe
    [
      [141, -34.02],
      [142.2, -34.4],
      [143.3, -35.1],
      [144.0, -35.6],
      [144.9, -36.0],
      [146.0, -36.0],
      [147.0, -36.05],
      [148.2, -36.8],
      [149.98, -37.5],
    ],
    // The Australian Capital Territory
    [
      [149.0, -35.13],
      [149.2, -35.12],
      [149.4, -35.32],
      [149.15, -35.45],
      [149.1, -35.92],
      [148.76, -35.63],
      [149.0, -35.13],
    ],
  ],
};
