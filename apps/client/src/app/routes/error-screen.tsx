import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n';
import '../../components/ui/placeholder.css';

/** Describes a router error: 'status statusText' for responses, else the error message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Router error screen: 'Unexpected Application Error!' with the status or message. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useI18n();
  console.error(error);
  return (
    <section className="placeholder" role="alert" aria-labelledby="error-title">
      <h1 id="error-title" className="placeholder__title">
        {t('error.title')}
      </h1>
      <p className="placeholder__detail" data-testid="error-detail">
        {describeRouteError(error)}
      </p>
      <div className="placeholder__actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a
          href="#/"
          className="btn btn-secondary"
          onClick={() => setTimeout(() => window.location.reload(), 0)}
        >
          {t('error.home')}
        </a>
      </div>
    </section>
  );
}
