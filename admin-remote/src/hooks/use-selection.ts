import { useCallback, useState } from 'react';

/** The rows an admin has ticked in a list: a set of keys with the few ways screens change it. */
export interface Selection<K> {
  selected: ReadonlySet<K>;
  /** Ticks or unticks one row. */
  toggle: (key: K, on: boolean) => void;
  /** Exactly these rows (Select All, or what a failed run left). */
  replace: (keys: Iterable<K>) => void;
  /** These rows no longer (they were decided or deleted). */
  drop: (keys: readonly K[]) => void;
  clear: () => void;
}

export function useSelection<K>(): Selection<K> {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set());
  const toggle = useCallback(
    (key: K, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const replace = useCallback((keys: Iterable<K>) => setSelected(new Set(keys)), []);
  const drop = useCallback(
    (keys: readonly K[]) =>
      setSelected((current) => new Set([...current].filter((key) => !keys.includes(key)))),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, replace, drop, clear };
}
