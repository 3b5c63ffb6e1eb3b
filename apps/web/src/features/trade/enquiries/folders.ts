import { ENQUIRY_FOLDERS, type EnquiryFolder, type ReceivedEnquiries } from '@churchtrades/shared/enquiries';

export const FOLDER_NAMES: Readonly<Record<EnquiryFolder, string>> = {
  NEW: 'New',
  ANSWERED: 'Answered',
  ARCHIVED: 'Archived',
  SPAM: 'Spam',
};

/** Enquiries a folder's page lists. */
export const ENQUIRIES_PAGE_SIZE = 20;

/** The folder and page (from 0) in /trade/enquiries?folder=answered&page=1; a hand-edited value reads as the default. */
export function readFolderLink(params: URLSearchParams): { folder: EnquiryFolder; page: number } {
  const folder = (params.get('folder') ?? '').toUpperCase();
  const page = Number(params.get('page'));
  return {
    folder: (ENQUIRY_FOLDERS as readonly string[]).includes(folder) ? (folder as EnquiryFolder) : 'NEW',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

/** The query string of a folder's page; the defaults are left out. */
export function folderSearch(folder: EnquiryFolder, page = 0): string {
  const params = new URLSearchParams();
  if (folder !== 'NEW') params.set('folder', folder.toLowerCase());
  if (page > 0) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Unread enquiries the owner still has to look at: those in Spam do not count. */
export function unreadCount(counts: ReceivedEnquiries['counts']): number {
  return ENQUIRY_FOLDERS.filter((folder) => folder !== 'SPAM').reduce(
    (sum, folder) => sum + (counts[folder].unread),
    0,
  );
}
