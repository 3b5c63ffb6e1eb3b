import type { JsonSchema } from './schema-arbitrary';

/** One route as the app documents it, in the words the fuzz suite needs. */
export interface ApiRoute {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema, when the route takes JSON. */
  body: JsonSchema | undefined;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function routeName(route: ApiRoute): string {
  return `${route.method} ${route.path}`;
}

/** Every route of the OpenAPI document (which the app builds from the routes it registers). */
export function apiRoutes(document: OpenApiDocument): ApiRoute[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          method: method.toUpperCase(),
          path,
          pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
          query: parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
          body: operation.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );
}
