import type { ReactNode } from 'react';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from './page-header.tsx';

/** A stand-in for a screen that another feature will build (keeps the route, title and heading). */
export function PlaceholderScreen({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      {children ?? <EmptyState title="Coming soon" description="This screen is being built." />}
    </section>
  );
}
