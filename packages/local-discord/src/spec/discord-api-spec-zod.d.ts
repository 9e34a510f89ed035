// The package ships its zod schemas as plain JavaScript (one `NameSchema` export per
// schema of the spec); routes.ts looks them up by name.
declare module 'discord-api-spec/zod' {
  export function setStrictObject(strict: boolean): void;
}
