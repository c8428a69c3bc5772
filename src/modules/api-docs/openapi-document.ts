import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import type { ErrorCode } from '../../common/errors/error-code.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { EmailModule } from '../email/email.module.js';
import { FeedsModule } from '../feeds/feeds.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { PreviewModule } from '../preview/preview.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ApiDocsModule } from './api-docs.module.js';
import { ROUTE_ERRORS_EXTENSION } from '../../common/api-docs/api-route.decorator.js';
import { componentSchemas, DOCUMENTED_CLASSES } from './documented-schemas.js';
import { errorResponses } from './error-responses.js';
import { webhookEvents } from './webhook-events.js';

export const OPENAPI_VERSION = '3.1.0';
const SECURITY_SCHEME = 'apiKey';

/** The modules whose controllers integrators call: /api/v1 and the public feeds. */
const DOCUMENTED_MODULES = [
  KeywordsModule,
  PreviewModule,
  WebhooksModule,
  AlertsModule,
  UsageModule,
  InboxModule,
  EmailModule,
  FeedsModule,
  ApiDocsModule,
];

/** Every authenticated route can answer these, whatever it does (see ApiKeyGuard, ApiRateLimitGuard). */
const AUTHENTICATED_ROUTE_ERRORS: ErrorCode[] = [
  'unauthorized',
  'subscription_required',
  'wrong_product',
  'rate_limited',
];

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Read requests (GET) allowed per minute for this key.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Reads left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Unix epoch second at which the window resets.',
    schema: { type: 'integer' },
  },
};

const DESCRIPTION = `Keyword alerts for Reddit: register keywords, then receive every matching post or comment as a signed webhook, in a feed, or from GET /api/v1/alerts.

Authentication: every /api/v1 call carries \`Authorization: Bearer <API key>\`. Alerts keys (\`alr_…\`) work on every route except inbox and searches, which take App keys (\`app_…\`).

Key scopes and expiry: a key is \`write\` (every route; every key made before scopes) or \`read\` (GET routes only; any other method answers 403 \`forbidden\`, saying the key can only read). A key may expire: from then on it is refused with 401 \`unauthorized\`, saying it expired, before any other check.

Errors: every failure is JSON \`{ "error": "<what went wrong and what to do>", "code": "<stable code>" }\`; the HTTP status follows the code.

Rate limits: 60 reads (GET) and 120 writes per minute per key; POST /webhooks/{id}/test 10 per minute. Every authenticated GET answers X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; a 429 carries Retry-After.

Webhook deliveries are described under \`webhooks\`: post, comment and test events, their headers and signed bodies.`;

/** Path parameters mean the same on every route. */
const PATH_PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: "The resource's id, as listed or created (an opaque string; for alerts, the inbox_id).",
  token: 'The feed token, as returned by POST /api/v1/feeds/token.',
  deliveryId: 'The delivery id, as GET /api/v1/webhooks/{id}/deliveries lists it.',
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The parts every route shares, derived from its method and whether it takes an API key. */
function completeOperation(method: string, operation: OperationObject): void {
  const extensible = operation as OperationObject & Record<string, unknown>;
  const routeErrors = (extensible[ROUTE_ERRORS_EXTENSION] as ErrorCode[] | undefined) ?? [];
  delete extensible[ROUTE_ERRORS_EXTENSION];
  const authenticated = operation.security === undefined || operation.security.length > 0;
  const codes: ErrorCode[] = [
    ...(authenticated ? AUTHENTICATED_ROUTE_ERRORS : []),
    // decisions section 15: a read key may call GET routes only.
    ...(authenticated && method !== 'get' ? (['forbidden'] as const) : []),
    ...routeErrors,
    'internal_error',
  ];
  operation.responses = { ...operation.responses, ...errorResponses(codes) };
  for (const parameter of operation.parameters ?? []) {
    if ('in' in parameter && parameter.in === 'path') {
      parameter.description ??= PATH_PARAMETER_DESCRIPTIONS[parameter.name];
    }
  }
  if (method !== 'get' || !authenticated) return;
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!status.startsWith('2')) continue;
    const success = response as ResponseObject;
    success.headers = { ...RATE_LIMIT_HEADERS, ...success.headers };
  }
}

/**
 * The one server the paths are on: PUBLIC_BASE_URL when the operator set it, else "/", which
 * OpenAPI resolves against the URL the document was fetched from (this same server).
 */
function server(publicBaseUrl: string | null): { url: string; description: string } {
  return publicBaseUrl === null
    ? { url: '/', description: 'The server this document is served by.' }
    : { url: publicBaseUrl, description: 'This service.' };
}

/**
 * The OpenAPI 3.1 document, generated from the controllers' routes and their ApiRoute
 * descriptions; @nestjs/swagger writes 3.1 itself (webhooks, `type: [x, "null"]`).
 */
export function createOpenApiDocument(
  app: INestApplication,
  publicBaseUrl: string | null,
): OpenAPIObject {
  const { url, description } = server(publicBaseUrl);
  const config = new DocumentBuilder()
    .setOpenAPIVersion(OPENAPI_VERSION)
    .setTitle('Reddit keyword alerts API')
    .setVersion('1')
    .setDescription(DESCRIPTION)
    .addServer(url, description)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API key (alr_… or app_…)',
        description: 'An API key made by the admin command; shown once, when it is made.',
      },
      SECURITY_SCHEME,
    )
    .addSecurityRequirements(SECURITY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(
    app,
    { ...config, webhooks: webhookEvents() },
    {
      include: DOCUMENTED_MODULES,
      extraModels: DOCUMENTED_CLASSES,
      operationIdFactory: (controller, method) =>
        `${controller.replace(/Controller$/, '')}_${method}`,
    },
  );
  document.components = {
    ...document.components,
    schemas: componentSchemas((document.components?.schemas ?? {}) as Record<string, SchemaObject>),
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation) completeOperation(method, operation);
    }
  }
  return document;
}
