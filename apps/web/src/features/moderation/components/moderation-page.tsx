import { mayModerate } from '@churchtrades/shared/permissions';
import { useModerationFilter } from '../hooks/use-moderation-filter';
import type { ModerationView } from '../moderation-filter';
import { AllBusinesses } from './all-businesses';
import { ModerationAccess } from './moderation-access';
import { ModerationQueue } from './moderation-queue';
import { enquiryReportsTab, ModerationTabs, reviewsTab } from './moderation-tabs';
import { PriestBusinesses } from './priest-businesses';

const VIEWS: readonly { view: ModerationView; label: string }[] = [
  { view: 'queue', label: 'Queue' },
  { view: 'all', label: 'All businesses' },
];

/**
 * /moderation: moderators (and above) see the queue and every business of their churches and decide on them;
 * a priest sees the businesses of their church, pending ones too, without deciding, and those naming them.
 */
export function ModerationPage() {
  return (
    <ModerationAccess>
      {(user) => (
        <>
          <PriestBusinesses isPriest={user.role === 'PRIEST'} />
          <ModerationViews decides={mayModerate(user.role)} />
        </>
      )}
    </ModerationAccess>
  );
}

function ModerationViews({ decides }: { decides: boolean }) {
  const controls = useModerationFilter();
  if (!decides) return <AllBusinesses {...controls} oneChurch />;

  const { view } = controls.filter;
  return (
    <>
      <ModerationTabs
        tabs={[
          ...VIEWS.map((item) => ({ label: item.label, to: controls.hrefFor({ view: item.view }), current: item.view === view })),
          enquiryReportsTab(false),
          reviewsTab(false),
        ]}
      />
      {view === 'queue' ? <ModerationQueue {...controls} /> : <AllBusinesses {...controls} oneChurch={false} />}
    </>
  );
}
