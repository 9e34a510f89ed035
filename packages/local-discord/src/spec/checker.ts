import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { routesOutsideSpec, type SpecAllowance, specAllowances } from './allowances.ts';
import { type Body, loadSpecRoutes, type SpecRoute } from './routes.ts';

/** One way a request or response left Discord's spec. */
export interface SpecViolation {
  /** `POST /interactions/{interaction_id}/{interaction_token}/callback`, or the request's own path when the spec has no such route. */
  route: string;
  direction: 'request' | 'response';
  /** The zod issue path, e.g. `data.embeds.0.color`; empty for the body as a whole. */
  field: string;
  message: string;
}

export interface SpecCounts {
  requests: number;
  responses: number;
  violations: number;
}

type Issue = z.core.$ZodIssue;

/** The environment variable naming the directory where each process appends its counts (set by the test run). */
export const specReportDirVariable = 'GUTS_SPEC_REPORT_DIR';

let sharedRoutes: Map<string, SpecRoute[]> | null = null;

const routeKey = (method: string, segments: number) => `${method} ${segments}`;

/**
 * The spec's routes by method and segment count, most literal segments first; parsed on
 * first use and kept for the process (the load runs check thousands of requests).
 */
function specRoutes(): Map<string, SpecRoute[]> {
  if (sharedRoutes) return sharedRoutes;
  sharedRoutes = new Map();
  for (const route of loadSpecRoutes()) {
    const key = routeKey(route.method, route.segments.length);
    sharedRoutes.set(key, [...(sharedRoutes.get(key) ?? []), route]);
  }
  return sharedRoutes;
}

function matches(route: SpecRoute, parts: string[]): boolean {
  return route.segments.every((segment, i) => segment.startsWith('{') || segment === parts[i]);
}

/**
 * The issues of a failed union are those of the option meant: one whose `type` literal
 * matched (Discord's unions are told apart by it), then the one that got furthest (deepest field,
 * then fewest issues).
 */
function flatten(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const wrongType = (option: Issue[]) =>
        option.some((i) => i.code === 'invalid_value' && i.path.length === 1 && i.path[0] === 'type');
      const meant = issue.errors.filter((option) => !wrongType(option));
      const options = (meant.length > 0 ? meant : issue.errors).map((option) => flatten(option, path));
      const depth = (found: { path: PropertyKey[] }[]) => Math.max(...found.map((f) => f.path.length));
      options.sort((a, b) => depth(b) - depth(a) || a.length - b.length);
      return options[0] ?? [];
    }
    return [{ path, message: issue.message }];
  });
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** `**` matches any run of keys, `*` one array index, anything else itself. */
function fieldMatches(pattern: readonly string[], parts: readonly string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return parts.length === 0;
  if (head === '**') return parts.some((_, i) => fieldMatches(rest, parts.slice(i))) || fieldMatches(rest, []);
  const [part, ...others] = parts;
  if (part === undefined || !(head === part || (head === '*' && /^\d+$/.test(part)))) return false;
  return fieldMatches(rest, others);
}

function isAllowed(allowance: SpecAllowance, found: SpecViolation, status: number | undefined): boolean {
  return (
    (allowance.route === '*' || allowance.route === found.route) &&
    allowance.direction === found.direction &&
    (allowance.status === undefined || allowance.status === status) &&
    allowance.message === found.message &&
    fieldMatches(allowance.field.split('.'), found.field === '' ? [] : found.field.split('.'))
  );
}

/**
 * Checks the local Discord's REST traffic against Discord's OpenAPI spec: each request
 * body the bot sends and each response the server answers must validate against the
 * schema of its route, and the route must exist. Violations are kept until a test takes
 * them; `LocalDiscord.stop()` fails while any are left.
 */
export class SpecChecker {
  private readonly found: SpecViolation[] = [];
  private requests = 0;
  private responses = 0;
  private reported: SpecCounts = { requests: 0, responses: 0, violations: 0 };

  /** Reads the spec now (a few hundred ms, once per process) rather than in the middle of the first request. */
  constructor() {
    specRoutes();
  }

  /** The spec's route for a request, or null: recorded as a violation when the spec has none, unless Discord documents it elsewhere (`routesOutsideSpec`). */
  route(method: string, path: string): SpecRoute | null {
    if (routesOutsideSpec.some((outside) => outside.route === `${method} ${path}`)) return null;
    const parts = path.split('/').slice(1);
    const route = specRoutes()
      .get(routeKey(method, parts.length))
      ?.find((r) => matches(r, parts));
    if (!route) {
      this.found.push({
        route: `${method} ${path}`,
        direction: 'request',
        field: '',
        message: 'no such route in Discord’s spec',
      });
    }
    return route ?? null;
  }

  /** A request's JSON body (a multipart body's `payload_json`); undefined when it sent none. */
  request(route: SpecRoute, body: unknown): void {
    this.requests++;
    const expected = route.request();
    if (body === undefined) return;
    if (!expected || expected.kind === 'none') {
      this.record(route, 'request', '', 'the spec takes no body here');
      return;
    }
    this.validate(route, 'request', expected, body, undefined);
  }

  /** A response the local Discord answers. Server errors (5xx, injected faults) are outside the spec. */
  response(route: SpecRoute, status: number, body: unknown): void {
    if (status >= 500) return;
    this.responses++;
    const expected = route.response(String(status)) ?? route.response(`${Math.floor(status / 100)}XX`);
    if (!expected) {
      this.record(route, 'response', '', `status ${status} is not one the spec gives (${route.statuses.join(', ')})`);
      return;
    }
    if (expected.kind === 'none') {
      if (body !== undefined) this.record(route, 'response', '', `status ${status} has no body in the spec`);
      return;
    }
    this.validate(route, 'response', expected, body, status);
  }

  violations(): readonly SpecViolation[] {
    return this.found;
  }

  /** Hands the violations so far to a test that provoked them on purpose, and forgets them. */
  takeViolations(): SpecViolation[] {
    return this.found.splice(0);
  }

  counts(): SpecCounts {
    return { requests: this.requests, responses: this.responses, violations: this.found.length };
  }

  /** Appends what was checked since the last report to this process's line file, when the test run asked for one. */
  report(): void {
    const dir = process.env[specReportDirVariable];
    const now = this.counts();
    const since = {
      requests: now.requests - this.reported.requests,
      responses: now.responses - this.reported.responses,
      violations: now.violations,
    };
    this.reported = { ...now, violations: 0 };
    if (dir) appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(since)}\n`);
  }

  private validate(
    route: SpecRoute,
    direction: SpecViolation['direction'],
    expected: Body,
    body: unknown,
    status: number | undefined,
  ): void {
    if (expected.kind !== 'json') return;
    const result = expected.schema.safeParse(body);
    if (result.success) return;
    for (const { path, message } of flatten(result.error.issues)) {
      const found = { route: `${route.method} ${route.template}`, direction, field: fieldOf(path), message };
      if (!specAllowances.some((allowance) => isAllowed(allowance, found, status))) this.found.push(found);
    }
  }

  private record(route: SpecRoute, direction: SpecViolation['direction'], field: string, message: string): void {
    this.found.push({ route: `${route.method} ${route.template}`, direction, field, message });
  }
}

/** One line per distinct violation: route, direction, field, what is wrong, and how often. */
export function describeViolations(violations: readonly SpecViolation[]): string {
  const lines = new Map<string, number>();
  for (const v of violations) {
    const line = `${v.route} ${v.direction} ${v.field || '(body)'}: ${v.message}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  return [...lines].map(([line, times]) => (times > 1 ? `${line} (×${times})` : line)).join('\n');
}
