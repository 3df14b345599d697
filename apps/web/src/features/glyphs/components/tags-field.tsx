import { useId, useState } from 'react';
import { GLYPH_CATEGORIES, normalizeGlyphTags } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';

const isCategory = (tag: string) => (GLYPH_CATEGORIES as readonly string[]).includes(tag);

/**
 * Glyph tags in the Share and Edit forms (issue 17): the fixed categories as toggle chips, plus free
 * tags typed comma-separated (as request tags are). `value` is the normalised list the API stores.
 */
export function TagsField({ value, onChange, error }: { value: string[]; onChange: (tags: string[]) => void; error?: string | null }) {
  const groupId = useId();
  const categories = value.filter(isCategory);
  const [free, setFree] = useState(() => value.filter((tag) => !isCategory(tag)).join(', '));
  const combine = (nextCategories: string[], nextFree: string) => onChange(normalizeGlyphTags([...nextCategories, ...normalizeGlyphTags(nextFree)]));

  return (
    <fieldset className="flex flex-col gap-3">
      <legend id={groupId} className="mb-2 text-sm font-medium text-fg">
        Categories
      </legend>
      <div role="group" aria-labelledby={groupId} className="flex flex-wrap gap-2">
        {GLYPH_CATEGORIES.map((category) => {
          const on = categories.includes(category);
          return (
            <Button
              key={category}
              size="sm"
              variant={on ? 'secondary' : 'outline'}
              aria-pressed={on}
              className="font-mono text-xs tracking-wider uppercase"
              onClick={() => combine(on ? categories.filter((c) => c !== category) : [...categories, category], free)}
            >
              {category}
            </Button>
          );
        })}
      </div>
      <Input
        label="Other tags"
        hint="Comma-separated, up to 10 tags in all"
        value={free}
        error={error}
        onChange={(event) => {
          setFree(event.target.value);
          combine(categories, event.target.value);
        }}
        placeholder="e.g. retro, pixel"
        autoComplete="off"
      />
    </fieldset>
  );
}
