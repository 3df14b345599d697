import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '../../../lib/router.tsx';
import { formatDate, GLYPH_DEVICE_LABELS, type GlyphRequest, COMMON_MSG, REQUEST_MSG } from '@glyphary/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useRequest } from '../api/get-request.ts';
import { CancelButton } from './cancel-button.tsx';
import { CompleteMenu } from './complete-menu.tsx';
import { CompletedGlyphCard, TagChips } from './request-meta.tsx';
import { StatusBadge } from './status-badge.tsx';
import { useTakeOn } from './use-take-on.ts';

const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

function fileName(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : url;
}

function PersonLink({ person }: { person: { username: string } | null }) {
  if (!person) return <span className="text-fg">{COMMON_MSG.unknownUser}</span>;
  return (
    <Link to={paths.storefront(person.username)} className="text-fg underline underline-offset-2 hover:decoration-2">
      @{person.username}
    </Link>
  );
}

function Actions({ request, viewerId }: { request: GlyphRequest; viewerId: string | null }) {
  const { takeOn, pendingId } = useTakeOn();
  if (viewerId === null) {
    return request.status === 'open' ? (
      <Link
        to={paths.loginWithRedirect(paths.requestGlyph(request.id))}
        className="text-sm text-muted underline underline-offset-2 hover:text-fg"
      >
        {REQUEST_MSG.requestLoginToTakeOn}
      </Link>
    ) : null;
  }
  const isRequester = request.user_id === viewerId;
  const isAssignee = request.assigned_to === viewerId;
  const buttons = [];
  if (request.status === 'open' && !isRequester) {
    buttons.push(
      <Button key="take" onClick={() => void takeOn(request)} loading={pendingId === request.id}>
        Take On
      </Button>,
    );
  }
  if (isAssignee && request.status === 'in_progress') {
    buttons.push(
      <CompleteMenu key="complete" request={request} userId={viewerId} />,
      <CancelButton key="give-back" request={request} role="assignee" />,
    );
  }
  if (isRequester && (request.status === 'open' || request.status === 'in_progress')) {
    buttons.push(<CancelButton key="cancel" request={request} role="requester" />);
  }
  return buttons.length > 0 ? <div className="flex flex-wrap gap-2">{buttons}</div> : null;
}

/** The request detail page (/request-glyphs/{id}): everything, the references, and the finished glyph. */
export function RequestDetail({ id, viewerId }: { id: string; viewerId: string | null }) {
  const query = useRequest(id);

  useEffect(() => {
    if (query.error && !isApiError(query.error, 404)) console.error('Failed to load the request', query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading request" className="flex flex-col gap-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        headingLevel={2}
        title={isApiError(query.error, 404) ? REQUEST_MSG.requestNotFound : REQUEST_MSG.requestLoadFailed}
        description={isApiError(query.error, 404) ? 'It may have been deleted.' : undefined}
        action={
          <Link to={paths.requestGlyphs} className={buttonClasses({ variant: 'outline' })}>
            Browse Requests
          </Link>
        }
      />
    );
  }

  const request = query.data;
  return (
    <article aria-labelledby="request-title" className="flex flex-col gap-6">
      <Link to={paths.requestGlyphs} className="inline-flex items-center gap-2 self-start text-sm text-muted hover:text-fg">
        <ArrowLeft size={16} aria-hidden="true" />
        All requests
      </Link>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start gap-3">
          <h1 id="request-title" className="min-w-0 flex-1 font-display text-3xl font-bold break-words sm:text-4xl">
            {request.title}
          </h1>
          <StatusBadge status={request.status} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
          <div className="flex gap-1.5">
            <dt>Requested by</dt>
            <dd>
              <PersonLink person={request.user} />
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Created</dt>
            <dd>
              <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
            </dd>
          </div>
          {request.device ? (
            <div className="flex gap-1.5">
              <dt>{REQUEST_MSG.requestDeviceLabel}</dt>
              <dd className="text-fg">{GLYPH_DEVICE_LABELS[request.device]}</dd>
            </div>
          ) : null}
          {request.assigned_to ? (
            <div className="flex gap-1.5">
              <dt>Assigned to</dt>
              <dd>
                <PersonLink person={request.assigned_user} />
              </dd>
            </div>
          ) : null}
        </dl>
        <Actions request={request} viewerId={viewerId} />
      </header>

      {request.status === 'completed' && request.completed_glyph ? (
        <Card className="flex flex-col gap-3 border-info/60 p-5">
          <h2 className="font-display text-lg font-bold">{REQUEST_MSG.completedBy}</h2>
          <CompletedGlyphCard request={request} />
        </Card>
      ) : null}

      <section aria-labelledby="request-description" className="flex flex-col gap-3">
        <h2 id="request-description" className="font-display text-xl font-bold">
          Description
        </h2>
        <p className="break-words whitespace-pre-line text-fg">{request.description}</p>
        <TagChips tags={request.tags} />
      </section>

      <section aria-labelledby="request-references" className="flex flex-col gap-3">
        <h2 id="request-references" className="font-display text-xl font-bold">
          References
        </h2>
        {request.reference_images.length === 0 && request.reference_files.length === 0 ? (
          <p className="text-sm text-muted">No reference images or files.</p>
        ) : null}
        {request.reference_images.length > 0 ? (
          <ul aria-label="Reference images" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {request.reference_images.map((url, index) => (
              <li key={url}>
                <a
                  href={url}
                  target="_blank"
                  rel={EXTERNAL_REL}
                  className="block overflow-hidden rounded-2xl border border-line bg-raised"
                >
                  <img
                    src={url}
                    alt={`Reference image ${index + 1} of ${request.title}`}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {request.reference_files.length > 0 ? (
          <ul aria-label="Reference files" className="flex flex-col gap-2">
            {request.reference_files.map((url) => (
              <li key={url}>
                <a
                  href={url}
                  target="_blank"
                  rel={EXTERNAL_REL}
                  className="inline-flex items-center gap-2 text-sm break-all underline underline-offset-2"
                >
                  <ExternalLink size={14} aria-hidden="true" />
                  {fileName(url)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </article>
  );
}
