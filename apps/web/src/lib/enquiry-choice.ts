import { ENQUIRY_MAX_BUSINESSES } from '@churchtrades/shared/constants';
import { useSyncExternalStore } from 'react';

/**
 * The businesses a visitor ticked in a search to ask them one message ("Ask up to 3 businesses"). Kept in the
 * tab's session storage, so the choice stays while the visitor pages, filters or opens a business, and goes with
 * the tab. Here rather than in a feature because the search page's cards tick them and the enquiries' form sends.
 */
export interface ChosenBusiness {
  id: string;
  name: string;
}

const STORAGE_KEY = 'enquiryChoice';
const NONE: readonly ChosenBusiness[] = [];

/** The anchor of a business page's "Send an enquiry": a link ending in it opens the form. */
export const SEND_ENQUIRY_HASH = 'send-enquiry';

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same array until the choice changes; the storage holds only its text.
let cached: { text: string | null; choice: readonly ChosenBusiness[] } = { text: null, choice: NONE };

function isChosenBusiness(value: unknown): value is ChosenBusiness {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'name' in value &&
    typeof value.name === 'string'
  );
}

function parse(text: string | null): readonly ChosenBusiness[] {
  if (text === null) return NONE;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isChosenBusiness).slice(0, ENQUIRY_MAX_BUSINESSES) : NONE;
  } catch {
    return NONE;
  }
}

// Storage can be unavailable (some private modes) and then throws: the choice then lasts as long as the page.
function readText(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return cached.text;
  }
}

export function getEnquiryChoice(): readonly ChosenBusiness[] {
  const text = readText();
  if (text !== cached.text) cached = { text, choice: parse(text) };
  return cached.choice;
}

function write(choice: readonly ChosenBusiness[]): void {
  const text = choice.length === 0 ? null : JSON.stringify(choice);
  try {
    if (text === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Kept in memory only: see readText.
  }
  cached = { text, choice };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ticks or unticks a business; a fourth is refused (the box offering it is disabled). */
export function chooseBusiness(business: ChosenBusiness, chosen: boolean): void {
  const choice = getEnquiryChoice().filter((each) => each.id !== business.id);
  if (!chosen) write(choice);
  else if (choice.length < ENQUIRY_MAX_BUSINESSES) write([...choice, business]);
}

/** After the message is sent, the ticks go. */
export function clearEnquiryChoice(): void {
  write(NONE);
}

/** The chosen businesses, re-read whenever the choice changes. */
export function useEnquiryChoice(): readonly ChosenBusiness[] {
  return useSyncExternalStore(subscribe, getEnquiryChoice);
}
