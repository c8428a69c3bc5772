import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { INestApplication } from '@nestjs/common';
import { openApiPath, routerSurface } from './served-routes.js';

export type OpenApiDocument = OpenAPIObject & {
  webhooks: Record<string, { post: OperationObject }>;
};

/** `METHOD /path/{param}` for every route the Express app really serves (Nest's and any other). */
export function servedRoutes(app: INestApplication): string[] {
  return routerSurface(app).routes.map(({ method, path }) => `${method} ${openApiPath(path)}`);
}

export function documentedRoutes(document: OpenAPIObject): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'put', 'post', 'patch', 'delete'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Checks values against the document's own schemas (JSON Schema 2020-12, as OpenAPI 3.1 says). */
export class SchemaChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

  constructor(private readonly document: OpenAPIObject) {}

  /** The list of problems; empty when the value conforms. */
  problems(schema: SchemaObject | { $ref: string }, value: unknown): string[] {
    const validate = this.ajv.compile({ ...schema, components: this.document.components });
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }

  operation(method: string, path: string): OperationObject {
    const operation = this.document.paths[path]?.[method.toLowerCase() as 'get'];
    if (!operation) throw new Error(`${method} ${path} is not documented`);
    return operation;
  }

  /** What is wrong with a real answer: an undocumented status, a body off its schema, a missing header. */
  responseProblems(
    method: string,
    path: string,
    res: { status: number; body: unknown; headers: Record<string, string> },
  ): string[] {
    const response = this.operation(method, path).responses[String(res.status)] as
      ResponseObject | undefined;
    if (!response) return [`status ${res.status} is not documented`];
    const headerProblems = Object.keys(response.headers ?? {})
      .filter((name) => res.headers[name.toLowerCase()] === undefined)
      .map((name) => `header ${name} is missing`);
    const schema = response.content?.['application/json']?.schema;
    return [...headerProblems, ...(schema ? this.problems(schema, res.body) : [])];
  }

  webhookHeaders(event: string): ParameterObject[] {
    return (this.document as OpenApiDocument).webhooks[event].post.parameters as ParameterObject[];
  }
}
