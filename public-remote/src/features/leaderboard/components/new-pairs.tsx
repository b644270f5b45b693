import { countOf, formatDay, type NewPair } from '@friends/shared';

interface NewPairsProps {
  pairs: readonly NewPair[];
  onOpenPair: (a: number, b: number) => void;
}

/** Pairs whose first video together falls in the period; a row opens their videos together. */
export function NewPairs({ pairs, onOpenPair }: NewPairsProps) {
  return (
    <section className="pr-board" aria-label="New pairs">
      <h3 className="pr-board__title">New pairs</h3>
      {pairs.length === 0 ? (
        <p className="pr-empty">No new pairs in this period</p>
      ) : (
        <div className="pr-board__list">
          {pairs.map((pair) => (
            <button
              key={`${pair.a.id}-${pair.b.id}`}
              type="button"
              className="pr-board__row pr-board__row--pair"
              onClick={() => onOpenPair(pair.a.id, pair.b.id)}
            >
              {/* The names wrap (never an ellipsis), so the second name of a pair always shows. */}
              <span className="pr-board__name">
                {pair.a.name} &amp; {pair.b.name}
              </span>
              <span className="pr-board__count">
                {countOf(pair.videos, 'video')} since{' '}
                <time dateTime={pair.first}>{formatDay(pair.first)}</time>
              </span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
