import type { Resource } from '../../../src/i18n/index.ts';

/** Every text of a catalogue by its key, flattened ("lobby.title", "chips_one"). */
export function flatten(resource: Resource, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(resource)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** A plural form's ending: "_one" in "chips_one". */
export const PLURAL = /_(zero|one|two|few|many|other)$/;
