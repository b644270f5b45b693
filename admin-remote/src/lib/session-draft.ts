/**
 * Drafts of the add forms kept in sessionStorage, so what an admin typed survives the host swapping the
 * view for the login screen after a 401 (the host may unmount remotes) and a reload in the same tab.
 * Only the add forms keep drafts; inline edits are short-lived and start again from the saved record.
 */
import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'friends-admin:draft:';

function read<T>(key: string, initial: T): T {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    if (raw === null) return initial;
    const value: unknown = JSON.parse(raw);
    // Shallow-merge onto the initial value so a draft from an older form version still fits.
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...initial, ...value } : initial;
  } catch {
    return initial;
  }
}

export function useSessionDraft<T extends object>(
  key: string,
  initial: T,
): [T, (update: T | ((previous: T) => T)) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => read(key, initial));
  const [initialValue] = useState(initial);

  useEffect(() => {
    try {
      if (JSON.stringify(draft) === JSON.stringify(initialValue))
        window.sessionStorage.removeItem(PREFIX + key);
      else window.sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the draft just lives in memory.
    }
  }, [key, draft, initialValue]);

  const reset = useCallback(() => setDraft(initialValue), [initialValue]);
  return [draft, setDraft, reset];
}
