import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as schemas from 'discord-api-spec/zod';
import ts from 'typescript';
import * as z from 'zod/mini';

/**
 * Discord's REST routes as its OpenAPI spec (the `discord-api-spec` package) describes
 * them: method, path template, request body and the body of each response status.
 *
 * The package's zod file holds the spec's schemas by name (`MessageResponseSchema`); which
 * route takes and answers which schema is only written in its TypeScript `Paths` interface
 * (`"/channels/{channel_id}/messages": { post: { requestBody?: MessageCreateRequest; … } }`),
 * so that interface is read here with the TypeScript parser and its types turned into zod.
 */

export type Schema = z.ZodMiniType;

// zod/mini carries no messages of its own ("Invalid input"); a violation should say what was expected.
z.config(z.locales.en());

/** What a route's request or a response status carries: a schema, or nothing at all. */
export type Body = { kind: 'none' } | { kind: 'json'; schema: Schema };

export interface SpecRoute {
  method: string;
  /** The spec's template, e.g. `/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}`. */
  template: string;
  segments: readonly string[];
  /** Literal segments: the more, the more specific (`messages/@original` before `messages/{message_id}`). */
  literals: number;
  /** Undefined when the spec gives no request body. */
  request(): Body | undefined;
  /** Keyed by status as the spec writes it: `"200"`, `"204"`, `"4XX"`. */
  response(status: string): Body | undefined;
  statuses: readonly string[];
}

const byName = schemas as unknown as Record<string, Schema | undefined>;

function named(name: string): Schema {
  const schema = byName[`${name}Schema`];
  if (!schema) throw new Error(`discord-api-spec has no zod schema ${name}Schema`);
  return schema;
}

function union(options: Schema[]): Schema {
  const [first, ...rest] = options;
  if (!first) throw new Error('empty union');
  return rest.length === 0 ? first : z.union([first, ...rest]);
}

/** A TypeScript type of the `Paths` interface as zod; throws on a form the generator never writes. */
function toSchema(node: ts.TypeNode): Schema {
  if (ts.isParenthesizedTypeNode(node)) return toSchema(node.type);
  if (ts.isUnionTypeNode(node)) return union(node.types.map(toSchema));
  if (ts.isArrayTypeNode(node)) return z.array(toSchema(node.elementType));
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const [arg] = node.typeArguments ?? [];
    if (node.typeName.text === 'Array' && arg) return z.array(toSchema(arg));
    return named(node.typeName.text);
  }
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (literal.kind === ts.SyntaxKind.NullKeyword) return z.null();
    if (ts.isStringLiteral(literal)) return z.literal(literal.text);
    if (ts.isNumericLiteral(literal)) return z.literal(Number(literal.text));
    if (literal.kind === ts.SyntaxKind.TrueKeyword) return z.literal(true);
    if (literal.kind === ts.SyntaxKind.FalseKeyword) return z.literal(false);
  }
  if (ts.isTypeLiteralNode(node)) return objectSchema(node);
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return z.string();
    case ts.SyntaxKind.NumberKeyword:
      return z.number();
    case ts.SyntaxKind.BooleanKeyword:
      return z.boolean();
    case ts.SyntaxKind.UnknownKeyword:
    case ts.SyntaxKind.AnyKeyword:
      return z.unknown();
    case ts.SyntaxKind.NullKeyword:
      return z.null();
  }
  throw new Error(`discord-api-spec: cannot read the type ${ts.SyntaxKind[node.kind]}`);
}

function objectSchema(node: ts.TypeLiteralNode): Schema {
  const shape: Record<string, Schema> = {};
  for (const member of node.members) {
    if (ts.isIndexSignatureDeclaration(member)) return z.record(z.string(), toSchema(member.type));
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const schema = toSchema(member.type);
    shape[propertyName(member.name)] = member.questionToken ? z.optional(schema) : schema;
  }
  return z.object(shape);
}

function propertyName(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error('discord-api-spec: a computed property name');
}

function members(node: ts.TypeNode | undefined): Map<string, ts.PropertySignature> {
  const out = new Map<string, ts.PropertySignature>();
  if (!node || !ts.isTypeLiteralNode(node)) return out;
  for (const member of node.members) {
    if (ts.isPropertySignature(member)) out.set(propertyName(member.name), member);
  }
  return out;
}

/** `requestBody?: undefined` and `"204": unknown` mean no body; anything else is parsed on first use. */
function bodyOf(type: ts.TypeNode | undefined, emptyWhenUnknown: boolean): () => Body {
  let body: Body | undefined;
  return () => {
    if (body) return body;
    if (!type || type.kind === ts.SyntaxKind.UndefinedKeyword) body = { kind: 'none' };
    else if (emptyWhenUnknown && type.kind === ts.SyntaxKind.UnknownKeyword) body = { kind: 'none' };
    else body = { kind: 'json', schema: toSchema(type) };
    return body;
  };
}

function specRoute(template: string, method: string, operation: ts.PropertySignature): SpecRoute {
  const parts = members(operation.type);
  const requestType = parts.get('requestBody')?.type;
  const request = requestType ? bodyOf(requestType, false) : undefined;
  const responses = new Map<string, () => Body>();
  for (const [status, member] of members(parts.get('responses')?.type)) {
    responses.set(status, bodyOf(member.type, status === '204'));
  }
  const segments = template.split('/').slice(1);
  return {
    method: method.toUpperCase(),
    template,
    segments,
    literals: segments.filter((s) => !s.startsWith('{')).length,
    request: () => request?.(),
    response: (status) => responses.get(status)?.(),
    statuses: [...responses.keys()],
  };
}

/** The package exports only its built modules, so its `Paths` source is found beside its package.json. */
function specTypesFile(): string {
  const dirs = createRequire(import.meta.url).resolve.paths('discord-api-spec') ?? [];
  for (const dir of dirs) {
    const file = join(dir, 'discord-api-spec', 'build', 'discord-api-spec.ts');
    if (existsSync(file)) return file;
  }
  throw new Error('discord-api-spec is not installed (a dev dependency: npm ci)');
}

/** Every route of the spec, read from the package's `Paths` interface (once per process: the caller keeps it). */
export function loadSpecRoutes(): SpecRoute[] {
  const file = specTypesFile();
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const paths = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Paths',
  );
  if (!paths) throw new Error('discord-api-spec: no Paths interface');
  const routes: SpecRoute[] = [];
  for (const path of paths.members) {
    if (!ts.isPropertySignature(path) || !path.type) continue;
    for (const [method, operation] of members(path.type)) {
      routes.push(specRoute(propertyName(path.name), method, operation));
    }
  }
  return routes.sort((a, b) => b.literals - a.literals);
}
