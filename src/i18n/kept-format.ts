/**
 * A number format that keeps what it wrote: a deal writes the same pots, antes, stacks and
 * chances again and again, and ICU's `format` cost ~0.7 µs a number against a lookup's
 * ~0.02. At most `max` numbers: past it the memory starts afresh.
 */
export function keptFormat(format: Intl.NumberFormat, max: number): (n: number) => string {
  const written = new Map<number, string>();
  return (n) => {
    // The map holds 0 and -0 as one number; Intl writes them apart.
    if (Object.is(n, -0)) return format.format(n);
    let text = written.get(n);
    if (text === undefined) {
      if (written.size >= max) written.clear();
      text = format.format(n);
      written.set(n, text);
    }
    return text;
  };
}
