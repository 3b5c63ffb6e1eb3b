import { businessPath, coverPictureAlt } from '@churchtrades/shared/business-page';
import { ratingOf } from '@churchtrades/shared/rating';
import { REVIEWS_PAGE_SIZE } from '@churchtrades/shared/reviews';
import { showsExactPlace } from '@churchtrades/shared/street-privacy';
import { BUSINESS_KIND_NAMES } from '@churchtrades/shared/trade-profile';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import type { TradeBadges } from '@churchtrades/shared/verification';
import { type Clock, systemClock } from '../../clock';
import { isUuid } from '../../lib/uuid';
import type { BusinessPageRepo, ListedBusinessRow, NamePosition, PublishedReviewRow } from './repo';

export const SITE_NAME = 'ChurchTrades';

/** What search engines accept in one sitemap file (sitemaps.org): past it, `/sitemap.xml` becomes an index. */
export const URLS_PER_SITEMAP = 50_000;

/**
 * Where each sitemap file starts is found by one walk of every listed business (seconds at a million), kept
 * this long: a business listed meanwhile is named at the latest when it runs out (unless its file was full).
 */
const SITEMAP_PLAN_SECONDS = 600;

/** Link previews and result pages show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

/** The web app's public pages without data of their own (apps/web/src/config/paths.ts). */
const STATIC_PAGES = ['/', '/about', '/donation', '/privacypolicy', '/termsandconditions'];

/** Pages of one person's account or of the staff, and the API: nothing a search engine should list. */
const PRIVATE_PATH_PREFIXES = ['/trade', '/account', '/admin', '/moderation', '/api'];

/** What the first HTML answer of a business page tells crawlers and link previews. */
export interface BusinessPageHead {
  title: string;
  description: string;
  canonicalUrl: string;
  /** Absolute URL of the picture link previews show: the cover picture, else the logo, when it has either. */
  imageUrl?: string;
  /** What link previews say the picture shows, with `imageUrl`. */
  imageAlt?: string;
  /** The cover picture as the page shows it at its top: fetched with the HTML, it is the page's largest paint. */
  coverPicture?: string;
  /** schema.org `LocalBusiness`, as JSON-LD. */
  structuredData: Record<string, unknown>;
  /** Whether the page shows the business on a map, as it does where its exact place is public. */
  showsMap: boolean;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** `/sitemap.xml`: every URL when they fit in one file, else the files that hold them. */
export type Sitemap = { kind: 'urls'; urls: SitemapUrl[] } | { kind: 'index'; sitemaps: string[] };

export interface BusinessPageServiceDependencies {
  repo: BusinessPageRepo;
  /** The badges that hold now of businesses, by business (trades module). */
  badgesOf(tradeIds: string[]): Promise<Map<string, TradeBadges>>;
  /** The social media entries of businesses, by business (social-media module). */
  socialMediaOf(tradeIds: string[]): Promise<Map<string, SocialMediaEntry[]>>;
  appOrigin: string;
  /** The sitemaps protocol's limit; a test passes a small one. */
  urlsPerSitemap?: number;
  clock?: Clock;
}

/**
 * The first file holds the static pages and the first businesses by name; each further file starts at its
 * business, `starts[n - 2]` for file n, and holds the businesses before the next file's start.
 */
interface SitemapPlan {
  starts: NamePosition[];
}

type PublicAddress = NonNullable<ListedBusinessRow['address']>;

/** "Parramatta NSW", or the state alone when the suburb is not known. */
function placeOf(business: ListedBusinessRow): string {
  const state = business.address?.stateType ?? business.stateType;
  const suburb = business.address?.suburb?.trim();
  return suburb ? `${suburb} ${state}` : state;
}

/** "12A George St", from the parts when the address has them, else from the first part of the whole address. */
function streetOf(address: PublicAddress): string | undefined {
  const number = [address.unitNbr, address.streetNbr].filter(Boolean).join('/');
  const street = [number, address.streetName, address.streetType].filter(Boolean).join(' ');
  if (address.streetName) return street;
  const [firstPart, ...rest] = address.fullAddress.split(',');
  return rest.length > 0 && firstPart?.trim() ? firstPart.trim() : undefined;
}

/** Whole words up to the length previews show, with an ellipsis when cut. */
function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function titleOf(business: ListedBusinessRow): string {
  const place = placeOf(business);
  const what = business.mainCategory ? `${business.mainCategory} in ${place}` : place;
  return `${business.name} · ${what} · ${SITE_NAME}`;
}

function descriptionOf(business: ListedBusinessRow): string {
  const brief = business.brief.replace(/\s+/g, ' ').trim();
  if (brief) return shortened(brief, DESCRIPTION_LENGTH);
  const what = business.mainCategory ? `${business.mainCategory} in ${placeOf(business)}` : placeOf(business);
  return `${business.name}: ${what}, listed on ${SITE_NAME}.`;
}

/**
 * The address as the public sees it (see trades/repo.ts `publicAddress`): the street only when its owner
 * shows it; the suburb, state and postcode always.
 */
function postalAddressOf(business: ListedBusinessRow): Record<string, string> {
  const address = business.address;
  const street = address?.showStreetAddress ? streetOf(address) : undefined;
  return withoutEmpty({
    '@type': 'PostalAddress',
    streetAddress: street,
    addressLocality: address?.suburb,
    addressRegion: address?.stateType ?? business.stateType,
    postalCode: address?.postcode,
    addressCountry: 'AU',
  });
}

/**
 * Coordinates only where the map would show the exact place: never for a street address kept private (they
 * would give the street away), nor for a business that works online only.
 */
function geoOf(business: ListedBusinessRow) {
  const address = business.address;
  if (!address || !showsExactPlace(business, address)) return undefined;
  if (address.latitude === null || address.longitude === null) return undefined;
  return { '@type': 'GeoCoordinates', latitude: address.latitude, longitude: address.longitude };
}

/**
 * The kind of business (SPEC §1) as schema.org has no property for it: `legalName` would claim a registered
 * name, and `additionalType` wants a type's URL, while "sole trader" is neither. LocalBusiness is also a Place,
 * whose `additionalProperty` holds a named value; nothing when the owner has not said.
 */
function kindOf({ businessKind }: ListedBusinessRow) {
  if (businessKind === null) return undefined;
  return [{ '@type': 'PropertyValue', name: 'Kind of business', value: BUSINESS_KIND_NAMES[businessKind] }];
}

const STAR_SCALE = { bestRating: 5, worstRating: 1 };

/**
 * The rating and the reviews the page shows at first, as schema.org marks them up; nothing below the number of
 * reviews a rating shows from, since Google's rules allow no mark-up of what the page does not show.
 */
function reviewsMarkup(business: ListedBusinessRow, newest: readonly PublishedReviewRow[]) {
  const rating = ratingOf(business.reviewCount, business.reviewStarsTotal);
  if (rating === null) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, ...STAR_SCALE },
    review: newest.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.reviewerName },
      reviewRating: { '@type': 'Rating', ratingValue: review.stars, ...STAR_SCALE },
      datePublished: review.writtenAt.toISOString(),
      reviewBody: review.body,
    })),
  };
}

function withoutEmpty<T>(fields: Record<string, T | null | undefined>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, T>;
}

/** Which file of a split sitemap: "3.xml" is the third; anything else names none. */
function sitemapNumber(fileName: string): number | undefined {
  const match = /^([1-9][0-9]{0,8})\.xml$/.exec(fileName);
  return match ? Number(match[1]) : undefined;
}

/** The public page of a business as search engines and link previews read it, its sitemaps and robots.txt. */
export function createBusinessPageService({
  repo,
  badgesOf,
  socialMediaOf,
  appOrigin,
  urlsPerSitemap = URLS_PER_SITEMAP,
  clock = systemClock,
}: BusinessPageServiceDependencies) {
  const absolute = (path: string) => `${appOrigin}${path}`;

  /** A picture stored here (`/uploads/…`) or kept elsewhere (an http(s) link); anything else is no image. */
  function imageUrlOf(uri: string | null): string | undefined {
    if (!uri) return undefined;
    if (uri.startsWith('/') && !uri.startsWith('//')) return absolute(uri);
    return /^https?:\/\//i.test(uri) ? uri : undefined;
  }

  /** Link previews show the wide cover picture where there is one: it fills their card, a logo does not. */
  function previewImageOf(business: ListedBusinessRow, coverUrl: string | undefined, logoUrl: string | undefined) {
    if (coverUrl !== undefined) return { imageUrl: coverUrl, imageAlt: coverPictureAlt(business.name) };
    if (logoUrl !== undefined) return { imageUrl: logoUrl, imageAlt: `Logo of ${business.name}` };
    return {};
  }

  function headOf(
    business: ListedBusinessRow,
    sameAs: string[],
    badges: TradeBadges | undefined,
    newestReviews: readonly PublishedReviewRow[],
  ): BusinessPageHead {
    const canonicalUrl = absolute(businessPath(business.id, business.name));
    const coverUrl = imageUrlOf(business.image);
    const logoUrl = imageUrlOf(business.logoUri);
    const pictures = [coverUrl, logoUrl].filter((url) => url !== undefined);
    const geo = geoOf(business);
    const structuredData = withoutEmpty<unknown>({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: business.name,
      description: business.brief.trim(),
      url: canonicalUrl,
      telephone: business.ownerPhone,
      email: business.publicEmail,
      image: pictures.length > 1 ? pictures : pictures[0],
      logo: logoUrl,
      address: postalAddressOf(business),
      geo,
      sameAs: sameAs.length > 0 ? sameAs : undefined,
      additionalProperty: kindOf(business),
      // Only an ABN the register calls active and registered to this business: one merely typed proves nothing.
      taxID: badges?.abn?.abn,
      ...reviewsMarkup(business, newestReviews),
    });
    return {
      title: titleOf(business),
      description: descriptionOf(business),
      canonicalUrl,
      ...previewImageOf(business, coverUrl, logoUrl),
      ...(coverUrl === undefined || !business.image ? {} : { coverPicture: business.image }),
      structuredData,
      showsMap: geo !== undefined,
    };
  }

  const firstFileBusinesses = Math.max(0, urlsPerSitemap - STATIC_PAGES.length);
  const plan = cachedFor(
    SITEMAP_PLAN_SECONDS,
    clock,
    async (): Promise<SitemapPlan> => ({ starts: await repo.everyNthByName(firstFileBusinesses, urlsPerSitemap) }),
  );

  /** File `number` (from 1) of the plan's sitemap, read now. */
  async function urlsOfFile(number: number, { starts }: SitemapPlan): Promise<SitemapUrl[]> {
    const first = number === 1;
    const from = first ? undefined : starts[number - 2];
    const before = starts[number - 1];
    const limit = first ? firstFileBusinesses : urlsPerSitemap;
    const businesses = await repo.listedByName({ from, before, limit });
    const businessUrls = businesses.map((row) => ({ loc: absolute(businessPath(row.id, row.name)), lastmod: row.updatedAt }));
    const staticUrls = first ? STATIC_PAGES.map((path) => ({ loc: absolute(path) })) : [];
    return [...staticUrls, ...businessUrls];
  }

  return {
    /** The head of a listed business's page; undefined for an id that names none (unlisted, unknown, malformed). */
    async pageHead(id: string): Promise<BusinessPageHead | undefined> {
      if (!isUuid(id)) return undefined;
      const business = await repo.findListed(id);
      if (!business) return undefined;
      const showsRating = ratingOf(business.reviewCount, business.reviewStarsTotal) !== null;
      const [socialMedias, badges, newestReviews] = await Promise.all([
        socialMediaOf([id]),
        badgesOf([id]),
        showsRating ? repo.newestPublishedReviews(id, REVIEWS_PAGE_SIZE) : [],
      ]);
      // Entries stored before references were checked may name no link.
      const sameAs = (socialMedias.get(id) ?? []).flatMap((entry) => entry.url || []);
      return headOf(business, sameAs, badges.get(id), newestReviews);
    },

    async sitemap(): Promise<Sitemap> {
      const current = await plan();
      const files = current.starts.length + 1;
      if (files === 1) return { kind: 'urls', urls: await urlsOfFile(1, current) };
      const sitemaps = Array.from({ length: files }, (_, index) => absolute(`/sitemaps/${index + 1}.xml`));
      return { kind: 'index', sitemaps };
    },

    /** One file of a split sitemap, by its name ("2.xml"); undefined when there is no such file. */
    async sitemapFile(fileName: string): Promise<SitemapUrl[] | undefined> {
      const number = sitemapNumber(fileName);
      if (number === undefined) return undefined;
      const current = await plan();
      return number > current.starts.length + 1 ? undefined : urlsOfFile(number, current);
    },

    /** Disallow lines first: crawlers that take the first matching rule, not the longest, read them all the same. */
    robotsTxt(): string {
      const disallowed = PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`);
      return ['User-agent: *', ...disallowed, 'Allow: /', '', `Sitemap: ${absolute('/sitemap.xml')}`, ''].join('\n');
    },
  };
}

export type BusinessPageService = ReturnType<typeof createBusinessPageService>;

/** The value read at most once per `seconds`; a failed read is tried again on the next call. */
function cachedFor<T>(seconds: number, clock: Clock, read: () => Promise<T>): () => Promise<T> {
  let cached: { value: Promise<T>; readAt: number } | undefined;
  return () => {
    const now = clock().getTime();
    if (!cached || now - cached.readAt > seconds * 1000) {
      const entry = { value: read(), readAt: now };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}
