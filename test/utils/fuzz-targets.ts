import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';
import { openApiPath, type RouterSurface } from './served-routes.js';

/** One path template the fuzzer sends requests to, with what its documentation says it reads. */
export interface FuzzTarget {
  /** Express's template; each `:name` is filled in by the generator. */
  path: string;
  /** The methods the router serves there (other methods are tried too). */
  methods: string[];
  /** The query parameters the document gives this path (none for routes it does not cover). */
  documentedQuery: string[];
  /** documentedQuery, else every query parameter the document names anywhere. */
  queryNames: string[];
  /** Property names of the documented JSON body, else every one the document names anywhere. */
  bodyFields: string[];
}

type SchemaNode = Record<string, unknown>;

/** Every property name reachable from a schema, through $ref, items and oneOf/anyOf/allOf. */
function propertyNames(
  document: OpenAPIObject,
  schema: unknown,
  seen = new Set<unknown>(),
): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as SchemaNode;
  const referenced =
    typeof node.$ref === 'string'
      ? document.components?.schemas?.[node.$ref.replace('#/components/schemas/', '')]
      : undefined;
  const children = [
    referenced,
    node.items,
    ...((node.oneOf ?? []) as unknown[]),
    ...((node.anyOf ?? []) as unknown[]),
    ...((node.allOf ?? []) as unknown[]),
    ...Object.values((node.properties ?? {}) as SchemaNode),
  ];
  return [
    ...Object.keys((node.properties ?? {}) as SchemaNode),
    ...children.flatMap((child) => propertyNames(document, child, seen)),
  ];
}

function operations(document: OpenAPIObject): Array<[string, string, OperationObject]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(
      ([method, operation]): [string, string, OperationObject] => [method, path, operation],
    ),
  );
}

const queryNamesOf = (operation: OperationObject | undefined): string[] =>
  ((operation?.parameters ?? []) as ParameterObject[])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);

function bodyFieldsOf(document: OpenAPIObject, operation: OperationObject | undefined): string[] {
  const body = operation?.requestBody as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  return propertyNames(document, body?.content?.['application/json']?.schema);
}

const unique = (names: string[]) => [...new Set(names)];

/**
 * What the fuzzer aims at: every route of the router, each mount (a free segment under it) but
 * `skipMounts` (GraphQL has a generator of its own), and, from the app's OpenAPI document, the
 * query and body names each route reads.
 */
export function fuzzTargets(
  surface: RouterSurface,
  document: OpenAPIObject,
  skipMounts: readonly string[],
): FuzzTarget[] {
  const documented = operations(document);
  const allQueryNames = unique(documented.flatMap(([, , operation]) => queryNamesOf(operation)));
  const allBodyFields = unique(
    documented.flatMap(([, , operation]) => bodyFieldsOf(document, operation)),
  );
  const byPath = new Map<string, string[]>();
  for (const { method, path } of surface.routes) {
    byPath.set(path, [...(byPath.get(path) ?? []), method]);
  }
  const routes = [...byPath].map(([path, methods]): FuzzTarget => {
    const mine = documented.filter(([, documentedPath]) => documentedPath === openApiPath(path));
    const queryNames = unique(mine.flatMap(([, , operation]) => queryNamesOf(operation)));
    const bodyFields = unique(mine.flatMap(([, , operation]) => bodyFieldsOf(document, operation)));
    return {
      path,
      methods,
      documentedQuery: queryNames,
      queryNames: queryNames.length > 0 ? queryNames : allQueryNames,
      bodyFields: bodyFields.length > 0 ? bodyFields : allBodyFields,
    };
  });
  const mounts = surface.mounts
    .filter((mount) => !skipMounts.includes(mount))
    .map((mount): FuzzTarget => ({
      path: `${mount}/:file`,
      methods: ['GET'],
      documentedQuery: [],
      queryNames: allQueryNames,
      bodyFields: allBodyFields,
    }));
  return [...routes, ...mounts];
}
