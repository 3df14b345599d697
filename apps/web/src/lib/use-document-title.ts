import { useEffect } from 'react';
import { PRODUCT_NAME } from '@glyphary/shared';

/** Formats a page title: 'Log in · Glyphary'; the product name alone when `title` is empty. */
export function formatTitle(title?: string | null): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets document.title for the current page (every screen calls it once). */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
