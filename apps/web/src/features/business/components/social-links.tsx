import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { websiteLink } from '../../../components/trade-card/card-text';
import { mediaName, SocialMediaIcon } from './social-media-icon';

/**
 * Every social media link of the business, each with its network's mark. The server builds the links; one
 * that is not http(s) is still left out, so a stored `javascript:` link can never become clickable.
 */
export function SocialLinks({ socialMedias }: { socialMedias: TradeDetail['socialMedias'] }) {
  const links = socialMedias.flatMap((entry) => {
    const link = websiteLink(entry.url);
    return link ? [{ ...entry, href: link.href }] : [];
  });
  if (links.length === 0) return null;

  return (
    <section aria-labelledby="business-social-media">
      <h2 id="business-social-media" className="h6 text-body-secondary">
        Social media
      </h2>
      <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
        {links.map((link) => (
          <li key={`${link.mediaType} ${link.href}`}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="d-inline-flex align-items-center gap-2 text-break"
            >
              <SocialMediaIcon mediaType={link.mediaType} />
              <span>{mediaName(link.mediaType)}</span>{' '}
              <span className="small text-body-secondary">{link.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
