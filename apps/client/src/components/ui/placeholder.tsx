import type { ReactNode } from 'react';
import './placeholder.css';

/**
 * A full-page message with the beast artwork: the placeholder routes and the 404. `titleId`
 * labels the section; `code` is an optional big decorative line above the title.
 */
export function Placeholder({
  titleId,
  art,
  code,
  title,
  text,
  actions,
  testId,
}: {
  titleId: string;
  art: string;
  code?: string;
  title: string;
  text: string;
  actions: ReactNode;
  testId?: string;
}) {
  return (
    <section className="placeholder" aria-labelledby={titleId} data-testid={testId}>
      <img className="placeholder__art" src={art} width={400} height={400} alt="" />
      {code === undefined ? null : (
        <p className="placeholder__code gradient-text" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 id={titleId} className="placeholder__title">
        {title}
      </h1>
      <p className="placeholder__text">{text}</p>
      <div className="placeholder__actions">{actions}</div>
    </section>
  );
}
