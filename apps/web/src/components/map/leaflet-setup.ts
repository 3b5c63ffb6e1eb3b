import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

/*
 * Leaflet, ready for a bundler. Import this module only dynamically (`await import(...)`), so Leaflet and its
 * stylesheet stay out of every bundle until a map is shown.
 *
 * Leaflet guesses where its marker images are from the path in its stylesheet; the bundler renames those
 * files, so the guess points nowhere and markers show as broken images. Giving the bundled URLs, with an
 * empty image path, makes Leaflet use them as they are.
 */
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

export { L };
