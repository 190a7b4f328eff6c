/**
 * Every answer the suite receives from an API operation is checked against the OpenAPI document
 * the server publishes: the status must be one the operation documents (or one any request can
 * get), and a JSON body must match the documented schema of that status. A field the server adds,
 * drops or retypes without its schema is a failing test wherever it shows up.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, any>;

/** Answers any request may get before it reaches its operation (documented in the document's description). */
const ANY_REQUEST = new Set([400, 401, 406, 408, 413, 415, 429, 431, 500, 503]);

interface Route {
  pattern: RegExp;
  method: string;
  responses: Json;
}

export class OpenApiAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly routes: Route[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    for (const [path, methods] of Object.entries<Json>(document.paths)) {
      const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries<Json>(methods)) {
        this.routes.push({ pattern, method: method.toUpperCase(), responses: operation.responses });
      }
    }
  }

  /** Throws when the answer to `method path` does not match the document. Paths of no operation are not judged. */
  check(method: string, path: string, status: number, contentType: string, body: unknown): void {
    const bare = path.split('?')[0]!;
    const route = this.routes.find((r) => r.method === (method === 'HEAD' ? 'GET' : method) && r.pattern.test(bare));
    if (!route || method === 'HEAD') return;
    const documented = this.resolve(route.responses[String(status)]);
    if (!documented) {
      if (ANY_REQUEST.has(status)) return;
      throw new Error(`${method} ${bare} answered ${status}, which its operation does not document`);
    }
    const content = documented.content as Json | undefined;
    if (!content) {
      if (body !== '' && body !== undefined) throw new Error(`${method} ${bare} answered ${status} with a body, documented as none`);
      return;
    }
    const mediaType = Object.keys(content).find((type) => contentType.startsWith(type));
    if (!mediaType) throw new Error(`${method} ${bare} answered ${status} as ${contentType}, documented as ${Object.keys(content).join(', ')}`);
    if (!mediaType.includes('json')) return;
    const validate = this.validator(route, status, content[mediaType].schema);
    if (!validate(body)) {
      throw new Error(
        `${method} ${bare} answered ${status} with a body its schema refuses: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  }

  private validator(route: Route, status: number, schema: Json): ValidateFunction {
    const id = `${route.method} ${route.pattern.source} ${status}`;
    let validate = this.validators.get(id);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema));
      this.validators.set(id, validate);
    }
    return validate;
  }

  /** A response object, following a `$ref` into `components.responses`. */
  private resolve(response: Json | undefined): Json | undefined {
    const ref = response?.$ref as string | undefined;
    if (!ref) return response;
    return this.document.components.responses[ref.split('/').pop()!];
  }
}

/** Points the document's local `$ref`s (`#/components/…`) at the schema registered as `doc`. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, '"$ref":"doc#/components/')) as Json;
}
