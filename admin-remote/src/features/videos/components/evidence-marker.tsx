/**
 * A small marker on an author chip: hovering or focusing it shows how the link was made (source,
 * matched text, confidence, when), fetched on first open. The text is a tooltip the marker names with
 * aria-describedby, so a screen reader reads it on focus; Escape hides it, a click keeps it open.
 */
import { useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { describeEvidence } from '@friends/shared';
import { useEvidence } from '../api/get-evidence';
import { placeTip } from './tip-placement';

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
  const marker = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<CSSProperties | undefined>(undefined);
  const evidence = useEvidence(videoId, open);
  const link = evidence.data?.find((e) => e.creatorId === creatorId);
  const text = evidence.isError
    ? 'Could not load the evidence'
    : !evidence.data
      ? 'Loading evidence…'
      : link
        ? describeEvidence(link)
        : 'No evidence recorded';

  // Placed in viewport coordinates once open (and when its text changes), always wholly on screen.
  useLayoutEffect(() => {
    if (!open || !marker.current || !tip.current) return;
    const { width, height } = tip.current.getBoundingClientRect();
    const place = placeTip(
      marker.current.getBoundingClientRect(),
      { width, height },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
    );
    setPosition({ position: 'fixed', top: place.top, left: place.left });
  }, [open, text]);

  return (
    <span
      className="admin-evidence"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        ref={marker}
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
      <span
        ref={tip}
        role="tooltip"
        id={tipId}
        className="admin-evidence__tip"
        hidden={!open}
        style={open ? position : undefined}
      >
        {text}
      </span>
    </span>
  );
}
