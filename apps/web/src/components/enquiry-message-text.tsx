import { messageParts } from '@churchtrades/shared/enquiries';

/**
 * A message of an enquiry as the plain text it is (never HTML), its lines kept. Its links are clickable only when
 * `linksClickable` (a confirmed sender's), and then open apart, passing nothing on and telling search engines that
 * the directory does not vouch for them; otherwise they stay text.
 */
export function EnquiryMessageText({ text, linksClickable }: { text: string; linksClickable: boolean }) {
  return (
    <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
      {messageParts(text).map((part, index) =>
        part.link && linksClickable ? (
          <a key={index} href={linkHref(part.text)} target="_blank" rel="nofollow noopener noreferrer ugc">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** A link written as "www.…" has no scheme; without one a browser would read it as a path of this site. */
function linkHref(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}
