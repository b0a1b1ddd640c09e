/** The word diff of include_compare_original: deletions struck through, insertions marked. */
import type { DiffPiece } from '../../../src/http/wire-types';

export function Diff({ segments }: { segments: DiffPiece[] }) {
  return (
    <p class="diff" aria-label="Word-level changes: deleted words struck through, inserted words highlighted">
      {segments.map((segment, i) =>
        segment.type === 'equal' ? (
          <span key={i}>{segment.text}</span>
        ) : segment.type === 'delete' ? (
          <del key={i}>{segment.text}</del>
        ) : (
          <ins key={i}>{segment.text}</ins>
        ),
      )}
    </p>
  );
}
