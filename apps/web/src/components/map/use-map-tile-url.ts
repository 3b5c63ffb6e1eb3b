import { useGetSiteInfoQuery } from '../../lib/site-api';
import { DEFAULT_TILE_URL } from './tiles';

/**
 * The tile URL of the site's configuration (MAP_TILE_URL); OpenStreetMap's when the configuration could not
 * be read; undefined while it loads.
 */
export function useMapTileUrl(): string | undefined {
  const { data, isError } = useGetSiteInfoQuery();
  if (data?.mapTileUrl) return data.mapTileUrl;
  return isError ? DEFAULT_TILE_URL : undefined;
}
