/**
 * The bound on every figure written: at most FIGURE_MAX_SIDE pixels on a side, in the SVG's CSS
 * pixels and in the PNG's (png.ts zooms within it), so no figure is a strip no viewer can open.
 */

export const FIGURE_MAX_SIDE = 10_000;

/** The width and height an SVG document declares on its root element (NaN when it does not). */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /^(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>/.exec(svg)?.[1] ?? '';
  return {
    width: Number(/\bwidth="([\d.]+)"/.exec(root)?.[1]),
    height: Number(/\bheight="([\d.]+)"/.exec(root)?.[1]),
  };
}

/** The SVG scaled down (its viewBox kept) so neither side passes FIGURE_MAX_SIDE. */
export function boundedSvg(svg: string): string {
  const { width, height } = svgSize(svg);
  if (!(width > 0 && height > 0)) return svg;
  const scale = Math.min(1, FIGURE_MAX_SIDE / width, FIGURE_MAX_SIDE / height);
  if (scale === 1) return svg;
  return svg.replace(/^((?:<\?xml[^>]*>\s*)?<svg\b)([^>]*)>/, (_, start: string, attributes: string) => {
    const viewBox = /\bviewBox=/.test(attributes) ? '' : ` viewBox="0 0 ${width} ${height}"`;
    const resized = attributes
      .replace(/\bwidth="[\d.]+"/, `width="${Math.floor(width * scale)}"`)
      .replace(/\bheight="[\d.]+"/, `height="${Math.floor(height * scale)}"`);
    return `${start}${resized}${viewBox}>`;
  });
}
