import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * The orderbook's published OpenAPI document, turned into JSON Schema validators.
 * OpenAPI 3.0 is not quite JSON Schema, so two rewrites are needed:
 * - `nullable: true` becomes `anyOf: [schema, {type: null}]` (Ajv's own `nullable`
 *   needs a sibling `type`, which the document often puts behind `allOf`);
 * - `oneOf` over branches that are all plain strings (Signature, AppData vs
 *   AppDataHash) becomes `anyOf`: any string matches both branches, so a strict
 *   `oneOf` could never pass, while the document means "either form";
 * - boolean `exclusiveMaximum` / `exclusiveMinimum` (OpenAPI 3.0, draft 4) become
 *   the numeric form of later drafts.
 */
type Node = Record<string, unknown>;

const SPEC_PATH = join(process.cwd(), '../shared/spec/orderbook-openapi.yml');
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

export function loadOrderbookSchemas(): (name: string) => ValidateFunction {
  const document = parse(readFileSync(SPEC_PATH, 'utf8')) as { components: { schemas: Record<string, Node> }; paths: Record<string, Node> };
  const schemas = document.components.schemas;
  // The by_uids 200 schema describes one element of the answer array; give it a name to validate elements with.
  schemas.ByUidsElement = pathSchema(document.paths, '/api/v1/orders/by_uids', 'post', '200');
  const normalised = normalise({ components: { schemas } }, schemas) as Node;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  ajv.addSchema({ $id: 'orderbook.json', ...normalised });
  return (name) => {
    const validate = ajv.getSchema(`orderbook.json#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name} in the OpenAPI document`);
    return validate;
  };
}

function pathSchema(paths: Record<string, Node>, path: string, method: string, status: string): Node {
  const operation = paths[path]?.[method] as { responses: Record<string, { content: Record<string, { schema: Node }> }> };
  const schema = operation.responses[status]?.content['application/json']?.schema;
  if (!schema) throw new Error(`no ${status} schema for ${method} ${path}`);
  return schema;
}

function normalise(value: unknown, schemas: Record<string, Node>): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item, schemas));
  if (!isNode(value)) return value;
  const node: Node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, normalise(child, schemas)]));
  if (Array.isArray(node.oneOf) && node.oneOf.every((branch) => isPlainString(branch, schemas))) {
    node.anyOf = node.oneOf;
    delete node.oneOf;
  }
  for (const [exclusive, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (node[exclusive] === true) {
      node[exclusive] = node[bound];
      delete node[bound];
    }
  }
  const nullable = node.nullable === true;
  // `nullable: false` is the default, but Ajv refuses the keyword without a sibling `type`.
  delete node.nullable;
  return nullable ? { anyOf: [node, { type: 'null' }] } : node;
}

function isPlainString(branch: unknown, schemas: Record<string, Node>): boolean {
  if (!isNode(branch)) return false;
  const target = typeof branch.$ref === 'string' ? schemas[branch.$ref.replace('#/components/schemas/', '')] : branch;
  return isNode(target) && target.type === 'string' && target.enum === undefined && target.pattern === undefined;
}

/** Readable validation failures for expect messages. */
export function errorsOf(validate: ValidateFunction): string {
  return JSON.stringify(validate.errors?.map((error) => `${error.instancePath} ${error.message}`) ?? []);
}
