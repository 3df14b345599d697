import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { COMPLETE_MENU_TITLE_LENGTH, truncate, type GlyphRequest, COMMON_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCompleteRequest } from '../api/complete-request.ts';
import { useOwnGlyphs } from '../api/get-own-glyphs.ts';

const itemClasses =
  'flex w-full cursor-pointer items-center rounded-xl px-3 py-2.5 text-sm text-fg outline-none select-none data-[disabled]:cursor-default data-[disabled]:text-muted data-[highlighted]:bg-overlay data-[highlighted]:text-white';

/**
 * spec §2 My Requests Complete menu (keyboard-accessible, Radix): 'Complete with glyph:' offering
 * 'Mark as complete (no glyph)' or one of the user's own glyphs (titles cut at 30 characters).
 * The glyph list (GET /get-glyphs?creator_id={me}&limit=100) loads when the menu first opens.
 */
export function CompleteMenu({ request, userId }: { request: GlyphRequest; userId: string }) {
  const [opened, setOpened] = useState(false);
  const glyphs = useOwnGlyphs(userId, opened);
  const complete = useCompleteRequest();
  const toast = useToast();

  async function handleComplete(glyphId: string | null) {
    try {
      await complete.mutateAsync({ id: request.id, glyphId });
      toast.success(COMMON_MSG.requestCompleted);
    } catch {
      toast.error(COMMON_MSG.requestCompleteFailed);
    }
  }

  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setOpened(true)}>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" loading={complete.isPending} aria-label={`Complete: ${request.title}`}>
          Complete
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 max-h-80 min-w-64 overflow-y-auto rounded-2xl border border-line bg-raised p-1.5 shadow-2xl"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2 text-xs font-medium text-muted">Complete with glyph:</DropdownMenu.Label>
          <DropdownMenu.Item className={itemClasses} onSelect={() => void handleComplete(null)}>
            Mark as complete (no glyph)
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-line" />
          {glyphs.isPending ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              Loading your glyphs...
            </DropdownMenu.Item>
          ) : glyphs.isError ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              Your glyphs could not be loaded
            </DropdownMenu.Item>
          ) : glyphs.data.length === 0 ? (
            <DropdownMenu.Item disabled className={itemClasses}>
              You have no glyphs yet
            </DropdownMenu.Item>
          ) : (
            glyphs.data.map((glyph) => (
              <DropdownMenu.Item
                key={glyph.id}
                className={itemClasses}
                onSelect={() => void handleComplete(glyph.id)}
                title={glyph.title}
              >
                {truncate(glyph.title, COMPLETE_MENU_TITLE_LENGTH)}
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
