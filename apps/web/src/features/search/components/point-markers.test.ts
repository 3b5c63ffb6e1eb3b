import type * as Leaflet from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { L } from '../../../components/map/leaflet-setup';
import { makeMapPoint } from '../testing/serve-search-api';
import './marker-cluster';
import { AUSTRALIA_BOUNDS, showPoints } from './point-markers';

let map: Leaflet.Map | undefined;

/** A real Leaflet map with its tiles (as useLeafletMap makes it), in a container given a size (jsdom lays nothing out). */
function makeMap(): Leaflet.Map {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = L.map(container);
  L.tileLayer('https://tiles.test/{z}/{x}/{y}.png', { maxZoom: 19 }).addTo(map);
  return map;
}

afterEach(() => {
  map?.remove();
  document.body.replaceChildren();
});

const SYDNEY = makeMapPoint({ id: '11111111-1111-4111-8111-000000000001', name: 'Smith & Sons <b>', lat: -33.87, lng: 151.21, category: 'Electrical' });
const PERTH = makeMapPoint({ id: '11111111-1111-4111-8111-000000000002', name: 'Perth Tiling', lat: -31.95, lng: 115.86, category: null });

function markersOf(layer: Leaflet.Layer): Leaflet.Marker[] {
  return (layer as Leaflet.LayerGroup).getLayers() as Leaflet.Marker[];
}

function popupOf(marker: Leaflet.Marker): HTMLElement {
  const content = marker.getPopup()?.getContent();
  if (typeof content !== 'function') throw new Error('the popup is built when opened');
  return content(marker) as HTMLElement;
}

describe('showPoints', () => {
  it('puts a marker for every point, named after its business, in a cluster group', () => {
    const layer = showPoints({ L, map: makeMap() }, [SYDNEY, PERTH], vi.fn(), true);

    expect(layer).toBeInstanceOf(L.MarkerClusterGroup);
    const markers = markersOf(layer);
    expect(markers.map((marker) => marker.getLatLng())).toEqual([L.latLng(-33.87, 151.21), L.latLng(-31.95, 115.86)]);
    expect(markers.map((marker) => marker.options.alt)).toEqual(['Smith & Sons <b>', 'Perth Tiling']);
  });

  it('fits the view to the points', () => {
    const leaflet = { L, map: makeMap() };
    showPoints(leaflet, [SYDNEY, PERTH], vi.fn(), true);

    const view = leaflet.map.getBounds();
    expect(view.contains([SYDNEY.lat, SYDNEY.lng])).toBe(true);
    expect(view.contains([PERTH.lat, PERTH.lng])).toBe(true);
  });

  it('shows Australia when there is no point', () => {
    const leaflet = { L, map: makeMap() };
    showPoints(leaflet, [], vi.fn(), true);

    const view = leaflet.map.getBounds();
    for (const corner of AUSTRALIA_BOUNDS) expect(view.contains(corner)).toBe(true);
  });

  it('shows the markers one by one when the clustering code could not be loaded', () => {
    const layer = showPoints({ L, map: makeMap() }, [SYDNEY], vi.fn(), false);

    expect(layer).not.toBeInstanceOf(L.MarkerClusterGroup);
    expect(markersOf(layer)).toHaveLength(1);
  });

  it("gives each popup the business's name as text, its category and a link to its page", () => {
    const [sydney, perth] = markersOf(showPoints({ L, map: makeMap() }, [SYDNEY, PERTH], vi.fn(), true));

    const popup = popupOf(sydney!);
    expect(popup.querySelector('strong')?.textContent).toBe('Smith & Sons <b>');
    expect(popup.querySelector('b')).toBeNull();
    expect(popup).toHaveTextContent('Electrical');
    const link = popup.querySelector('a');
    expect(link?.textContent).toBe('View business');
    expect(link).toHaveAttribute('href', '/business/11111111-1111-4111-8111-000000000001/smith-and-sons-b');
    expect(popupOf(perth!).textContent).toBe('Perth TilingView business');
  });

  it('opens the business page in the app on a plain click, and leaves a new-tab click to the browser', () => {
    const open = vi.fn<(path: string) => void>();
    const [marker] = markersOf(showPoints({ L, map: makeMap() }, [PERTH], open, true));
    const popup = popupOf(marker!);
    document.body.append(popup);
    const link = popup.querySelector('a')!;

    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(plain);
    expect(open).toHaveBeenCalledWith('/business/11111111-1111-4111-8111-000000000002/perth-tiling');
    expect(plain.defaultPrevented).toBe(true);

    open.mockClear();
    let leftToBrowser = false;
    // Seen after the popup's own handler; then stopped, as jsdom cannot open another document.
    const browser = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', browser);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    document.removeEventListener('click', browser);
    expect(open).not.toHaveBeenCalled();
    expect(leftToBrowser).toBe(true);
  });
});

