import { useId, type ReactNode } from 'react';
import './admin.css';

/** One titled block of an admin screen (a card with an h3), labelled by its heading. */
export function Section({
  title,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section className={`admin-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h3 id={headingId} className="admin-section__title">
          {title}
        </h3>
        {actions ? <div className="admin-section__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
