import { Share2 } from 'lucide-react';
import { COMMON_MSG } from '@glyphary/shared';
import { Button, useToast } from './ui/index.ts';
import type { ButtonSize } from './ui/button.tsx';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Clipboard API refused (permissions, insecure context): fall back to a hidden textarea.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/** Copies the current page's link: 'Link copied to clipboard!' (spec §2 glyph detail and storefront). */
export function ShareButton({ size }: { size?: ButtonSize } = {}) {
  const toast = useToast();
  return (
    <Button
      variant="outline"
      size={size}
      onClick={() => {
        copyText(window.location.href).then(
          () => toast.success(COMMON_MSG.linkCopied),
          () => toast.error(window.location.href),
        );
      }}
    >
      <Share2 size={16} aria-hidden="true" />
      Share
    </Button>
  );
}
