import type { MapPoint } from '@churchtrades/shared/map';
import { paths } from '../../../config/paths';

export const VIEW_BUSINESS_LINK_TEXT = 'View business';

/** A plain click stays in the app; a click asking for a new tab or window is left to the browser. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A marker's popup: the business's name, its category and a link to its page. Built from DOM nodes with
 * `textContent`, never from HTML text, so a name holding markup shows as typed.
 */
export function pointPopup(point: MapPoint, onOpenBusiness: (path: string) => void): HTMLElement {
  const popup = document.createElement('div');
  const name = document.createElement('strong');
  name.className = 'd-block';
  name.textContent = point.name;
  popup.append(name);

  if (point.category) {
    const category = document.createElement('span');
    category.className = 'd-block text-body-secondary';
    category.textContent = point.category;
    popup.append(category);
  }

  const path = paths.business.getHref(point.id, point.name);
  const link = document.createElement('a');
  link.href = path;
  link.textContent = VIEW_BUSINESS_LINK_TEXT;
  link.addEventListener('click', (event) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onOpenBusiness(path);
  });
  popup.append(link);
  return popup;
}
