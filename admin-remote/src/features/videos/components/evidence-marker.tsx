/**
 * A small marker on an author chip: hovering or focusing it shows how the link was made (source,
 * matched text, confidence, when), fetched on first open. The text is a tooltip the marker names with
 * aria-describedby, so a screen reader reads it on focus; Escape hides it, a click keeps it open.
 */
import { useId, useState } from 'react';
import { describeEvidence } from '@friends/shared';
import { useEvidence } from '../api/get-evidence';

interface EvidenceMarkerProps {
  videoId: number;
  creatorId: number;
  name: string;
}

export function EvidenceMarker({ videoId, creatorId, name }: EvidenceMarkerProps) {
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || focused || pinned;
  const evidence = useEvidence(videoId, open);
  const link = evidence.data?.find((e) => e.creatorId === creatorId);
  const text = evidence.isError
    ? 'Could not load the evidence'
    : !evidence.data
      ? 'Loading evidence…'
      : link
        ? describeEvidence(link)
        : 'No evidence recorded';

  return (
    <span
      className="admin-evidence"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="admin-evidence__marker"
        aria-label={`How ${name} was linked`}
        aria-describedby={tipId}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => setPinned((was) => !was)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          event.stopPropagation();
          setHovered(false);
          setFocused(false);
          setPinned(false);
        }}
      >
        i
      </button>
      <span role="tooltip" id={tipId} className="admin-evidence__tip" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
