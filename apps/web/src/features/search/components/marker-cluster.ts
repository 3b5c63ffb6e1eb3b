/*
 * leaflet.markercluster, loaded only once a map is shown. It adds itself to the global `L`, so Leaflet must
 * run first: the import of leaflet-setup above it sees to that.
 */
import '../../../components/map/leaflet-setup';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
