import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { TextExtents } from './chart-layout';

/**
 * The extents of a chart's `.chart-label` and `.chart-value` text as the browser draws it, measured
 * after each render (the font is the platform's system-ui, so widths cannot be known beforehand).
 * `estimate` stands in until the first measurement, and whenever nothing is drawn (display: none).
 */
export function useTextExtents(svg: RefObject<SVGSVGElement>, estimate: TextExtents): TextExtents {
  const [measured, setMeasured] = useState<TextExtents>();
  useLayoutEffect(() => {
    const drawn = svg.current && measureTextExtents(svg.current);
    // Text size does not depend on where the text sits, so this settles after one more render.
    if (drawn && !(measured && sameExtents(drawn, measured))) setMeasured(drawn);
  });
  return measured ?? estimate;
}

function measureTextExtents(svg: SVGSVGElement): TextExtents | undefined {
  const extents: TextExtents = { labelWidth: 0, valueWidth: 0, ascent: 0, descent: 0 };
  for (const text of svg.querySelectorAll<SVGTextElement>('text.chart-label, text.chart-value')) {
    // getBBox is in the text's own user space: the same units as its y attribute, ancestors' transforms aside.
    const box = text.getBBox();
    if (box.height === 0) continue;
    const baseline = text.y.baseVal[0]?.value ?? 0;
    if (text.classList.contains('chart-label')) extents.labelWidth = Math.max(extents.labelWidth, box.width);
    else extents.valueWidth = Math.max(extents.valueWidth, box.width);
    extents.ascent = Math.max(extents.ascent, baseline - box.y);
    extents.descent = Math.max(extents.descent, box.y + box.height - baseline);
  }
  return extents.ascent + extents.descent > 0 ? extents : undefined;
}

function sameExtents(a: TextExtents, b: TextExtents): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) < 0.25;
  return (
    close(a.labelWidth, b.labelWidth) &&
    close(a.valueWidth, b.valueWidth) &&
    close(a.ascent, b.ascent) &&
    close(a.descent, b.descent)
  );
}
