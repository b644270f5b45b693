import { useVersion } from '../api/get-version';

/** docs/product.md §9: the version shown when /version.json cannot be read. */
const FALLBACK_VERSION = '1.0.0';

export function Footer() {
  const { data, isPending, isError } = useVersion();
  const version = isPending
    ? 'Loading...'
    : isError || typeof data?.version !== 'string'
      ? FALLBACK_VERSION
      : data.version;
  return (
    <footer className="app-footer">
      <p>Friends of the Channel v{version}</p>
    </footer>
  );
}
