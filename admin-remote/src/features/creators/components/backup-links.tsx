/**
 * Backup downloads in 'Bulk Actions & Cleanup': the whole data set as JSON (what
 * POST /api/backup imports into an empty database) and CSV views of videos and creators. Plain
 * same-origin links: the browser sends the admin session cookie and saves the file the API names.
 */
import { BACKUP_MESSAGES, BACKUP_ROUTES } from '@friends/shared';

export function BackupLinks() {
  return (
    <span className="admin-toolbar" role="group" aria-label="Backup">
      <a className="admin-button" href={BACKUP_ROUTES.backup} download>
        {BACKUP_MESSAGES.exportJson}
      </a>
      <a className="admin-button admin-button--ghost" href={BACKUP_ROUTES.videosCsv} download>
        {BACKUP_MESSAGES.exportVideosCsv}
      </a>
      <a className="admin-button admin-button--ghost" href={BACKUP_ROUTES.creatorsCsv} download>
        {BACKUP_MESSAGES.exportCreatorsCsv}
      </a>
    </span>
  );
}
