/** A small 'build <label>' line under a view when the remote was built with BUILD_LABEL; nothing otherwise. */
import './build-label.css';
import { BUILD_LABEL } from '../config/build-info';

export function BuildLabel({ label = BUILD_LABEL }: { label?: string }) {
  if (!label) return null;
  return <p className="pr-build-label">build {label}</p>;
}
