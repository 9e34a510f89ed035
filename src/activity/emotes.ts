/**
 * The reactions anyone at the table may float over it: a fixed set, sent by index, so a
 * reaction never carries text. The page names each from the catalogue (`social.emote.*`).
 */
export const EMOTES = [
  { key: 'clap', emoji: '👏' },
  { key: 'laugh', emoji: '😂' },
  { key: 'wow', emoji: '😮' },
  { key: 'fire', emoji: '🔥' },
  { key: 'sad', emoji: '😢' },
] as const;
