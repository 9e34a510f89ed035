/**
 * Where things sit on one card, in pixels from its top-left corner. The design is a
 * "big index" face: a large rank and a small pip in the top-left corner, readable
 * even when Discord shrinks the picture, and one large pip at the lower right.
 */
export interface CardGeometry {
  width: number;
  height: number;
  radius: number;
  /** Centre of the corner index column (rank above, small pip below). */
  indexX: number;
  rankTop: number;
  rankFontPx: number;
  rankMaxWidth: number;
  smallPipY: number;
  smallPip: number;
  /** Centre and size of the large pip. */
  bigPipX: number;
  bigPipY: number;
  bigPip: number;
}

export function cardGeometry(width: number): CardGeometry {
  const height = Math.round(width * 1.4);
  return {
    width,
    height,
    radius: Math.round(width * 0.09),
    indexX: Math.round(width * 0.21),
    rankTop: Math.round(height * 0.05),
    rankFontPx: Math.round(width * 0.38),
    rankMaxWidth: Math.round(width * 0.36),
    smallPipY: Math.round(height * 0.4),
    smallPip: Math.round(width * 0.23),
    bigPipX: Math.round(width * 0.62),
    bigPipY: Math.round(height * 0.68),
    bigPip: Math.round(width * 0.52),
  };
}
