import type { TradeBadges as TradeBadgesData } from '@churchtrades/shared/verification';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { badgeTexts, type BadgeText } from './badge-text';
import './trade-badges.css';

interface TradeBadgesProps {
  badges: TradeBadgesData;
  /** Names the business, so that each card's list of badges has a name of its own. */
  tradeName: string;
}

/**
 * The verification badges of a business. Each is a button that opens, just below the badges, what was checked,
 * by whom and when, and what it does not prove: a disclosure rather than a floating popover, so it reads in
 * order, fits a phone's width and needs no positioning code. Escape closes it and returns to its badge.
 */
export function TradeBadges({ badges, tradeName }: TradeBadgesProps) {
  const texts = badgeTexts(badges);
  const [open, setOpen] = useState<BadgeText['key'] | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const id = useId();
  if (texts.length === 0) return null;

  const opened = texts.find((text) => text.key === open);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || open === null) return;
    event.stopPropagation();
    buttons.current.get(open)?.focus();
    setOpen(null);
  }

  return (
    <div className="trade-badges mb-2" onKeyDown={closeOnEscape}>
      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={`What was checked about ${tradeName}`}>
        {texts.map((text) => (
          <li key={text.key}>
            <button
              ref={(button) => {
                if (button) buttons.current.set(text.key, button);
                else buttons.current.delete(text.key);
              }}
              type="button"
              className="btn btn-sm btn-outline-success trade-badge"
              aria-expanded={open === text.key}
              aria-controls={open === text.key ? `${id}-${text.key}` : undefined}
              onClick={() => setOpen(open === text.key ? null : text.key)}
            >
              <span aria-hidden="true">✓ </span>
              {text.label}
            </button>
          </li>
        ))}
      </ul>
      {opened && (
        <div id={`${id}-${opened.key}`} className="trade-badge-detail small border rounded p-2">
          <p className="mb-1">{opened.checked}</p>
          <p className="mb-0 text-body-secondary">{opened.notProved}</p>
        </div>
      )}
    </div>
  );
}
