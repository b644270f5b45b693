/**
 * The spec's admin flag (docs/product.md §4): localStorage 'isAdmin' = 'true'. It only drives the UI; the API
 * decides (docs/architecture.md "Deliberate departures" 1). Kept in sync across tabs through the storage event.
 */
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_FLAG_KEY, ADMIN_FLAG_VALUE } from '@friends/shared';

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY) === ADMIN_FLAG_VALUE;
  } catch {
    return false; // storage unavailable (privacy mode): a visitor
  }
}

function writeFlag(isAdmin: boolean): void {
  try {
    if (isAdmin) window.localStorage.setItem(ADMIN_FLAG_KEY, ADMIN_FLAG_VALUE);
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // storage unavailable: the flag lives for this page only
  }
}

export function useAdminFlag(): [boolean, (isAdmin: boolean) => void] {
  const [isAdmin, setState] = useState(readFlag);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === ADMIN_FLAG_KEY) setState(readFlag());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setAdmin = useCallback((value: boolean) => {
    writeFlag(value);
    setState(value);
  }, []);

  return [isAdmin, setAdmin];
}
