/**
 * The one list of places where the `discord-api-spec` package is wrong or lags Discord's
 * documentation, so the spec check lets exactly that issue through: the direction, the
 * status, the field (zod issue path; `*` is one array index, `**` any run of keys) and
 * zod's own message must all match. Each says why. Nothing else is ever skipped.
 */
export interface SpecAllowance {
  /** `METHOD /template` as the spec writes it, or `*` for an error shape every route shares. */
  route: string;
  direction: 'request' | 'response';
  /** Only answers of this status (responses). */
  status?: number;
  field: string;
  /** zod's message for the issue, e.g. `Invalid input: expected number, received string`. */
  message: string;
  reason: string;
}

export const specAllowances: readonly SpecAllowance[] = [
  {
    route: '*',
    direction: 'response',
    field: 'errors.**._errors.*.code',
    message: 'Invalid input: expected number, received string',
    reason:
      'The spec reuses its Error schema (numeric code) for the entries of a 50035 `errors` object; ' +
      'Discord sends string codes there ("BASE_TYPE_REQUIRED", docs: reference, "Error Messages" example).',
  },
  {
    route: '*',
    direction: 'response',
    status: 429,
    field: 'code',
    message: 'Invalid input: expected number, received undefined',
    reason:
      'The spec requires `code` in a 429 body; Discord documents it as optional, "an error code for some limits" ' +
      '(docs: topics/rate-limits, "Rate Limit Response Structure"), and an ordinary route limit has none.',
  },
  ...[
    'PUT /applications/{application_id}/commands',
    'PUT /applications/{application_id}/guilds/{guild_id}/commands',
  ].map(
    (route): SpecAllowance => ({
      route,
      direction: 'request',
      field: '*.default_member_permissions',
      message: 'Invalid input: expected number, received string',
      reason:
        'Discord documents `default_member_permissions` as a ?string, "set of permissions represented as a bit set" ' +
        '(docs: interactions/application-commands, "Application Command Structure"), as every permission field is ' +
        '(a bit set past 2^53); the spec types it as a number.',
    }),
  ),
];

/**
 * Routes Discord documents that its OpenAPI spec leaves out: the local Discord serves
 * them, and with no schema to hold them to, the check lets them through unchecked
 * (rather than as "no such route"). Each says where Discord documents it.
 */
export const routesOutsideSpec: readonly { route: string; reason: string }[] = [
  {
    route: 'POST /oauth2/token',
    reason:
      'OAuth2\'s token URL (docs: topics/oauth2, "Authorization Code Grant" and its refresh token exchange): a form-encoded request ' +
      'authenticated by client id and secret, answered with `access_token`; the spec has no /oauth2/token.',
  },
];
