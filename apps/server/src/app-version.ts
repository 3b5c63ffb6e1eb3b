import serverPackage from '../package.json' with { type: 'json' };

/** The server's package version, compiled in: what `GET /api/utils/profile` and the OpenAPI document tell. */
export const APP_VERSION: string = serverPackage.version;
