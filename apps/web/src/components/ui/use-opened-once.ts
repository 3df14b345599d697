import { useState } from 'react';

/**
 * True from the first time `open` is true: a lazily loaded dialog mounts then and stays mounted, so
 * its closing (focus return) runs as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
