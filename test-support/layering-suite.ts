/** The layering tests every package runs on its src/ (test-support/import-graph.ts). */
import { describe, expect, it } from 'vitest';
import { findCycle, importGraph, missingPrefixes, outsideImports, upwardImports, type Layers } from './import-graph.js';

/**
 * Registers the checks that `root` flows one way: its layers name only what exists, no module
 * imports from a higher layer, no import cycle, nothing imported by path from outside the package.
 */
export function describeLayering(name: string, root: string, layers: Layers): void {
  describe(`${name} flows one way`, () => {
    const graph = importGraph(root);

    it('names only folders and modules that exist', () => {
      expect(missingPrefixes(root, layers)).toEqual([]);
    });

    it('never imports from a higher layer', () => {
      expect(upwardImports(graph, layers)).toEqual([]);
    });

    it('has no import cycle, and imports nothing from outside the package by path', () => {
      expect(findCycle(graph)).toBeUndefined();
      expect(outsideImports(graph)).toEqual([]);
    });
  });
}
