/**
 * The one list of places where the `discord-api-spec` package is wrong or lags Discord's
 * documentation, so the spec check lets exactly that field through. Each entry names the
 * route, the direction, the field (zod issue path, `*` for any array index) and why.
 * Nothing else is ever skipped.
 */
export interface SpecAllowance {
  method: string;
  /** The spec's path template. */
  route: string;
  direction: 'request' | 'response';
  /** The field, e.g. `data.components.*.components.*.style`. */
  field: string;
  reason: string;
}

export const specAllowances: readonly SpecAllowance[] = [];
