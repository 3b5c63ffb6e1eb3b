import {
  AUTOMATED_DECISION_KINDS,
  AUTOMATED_DECISIONS,
  type AutomatedDecision,
} from '@churchtrades/shared/automated-decisions';
import { Link } from 'react-router';
import { SupportEmail } from './site-facts';

function AskAPerson({ decision }: { decision: AutomatedDecision }) {
  return (
    <>
      {decision.askAPerson}
      {decision.screen && (
        <>
          {' '}
          See <Link to={decision.screen.path}>{decision.screen.label}</Link>.
        </>
      )}
    </>
  );
}

function DecisionFacts({ decision }: { decision: AutomatedDecision }) {
  const facts = [
    ['What starts it', decision.trigger],
    ['What it reads', decision.reads],
    ['What it does', decision.effect],
    ['How long it lasts', decision.lasts],
  ] as const;
  return (
    <dl className="automated-decision-facts">
      {facts.map(([term, words]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{words}</dd>
        </div>
      ))}
      <div>
        <dt>Asking a person to look at it</dt>
        <dd>
          <AskAPerson decision={decision} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The privacy policy's "Decisions made automatically": each decision the program makes about people without
 * anyone looking first, from the one list the code names its decisions in.
 */
export function AutomatedDecisions() {
  return (
    <>
      <p>
        Some decisions about you are made by our program alone, without a person looking first: mostly to stop spam,
        fake reviews and people trying to break into accounts, and to keep the directory up to date. Each is listed
        below with what starts it, the information it reads, what it does and how long it lasts. None of them is
        used to profile you for advertising, and none is final: you can always ask a person to look at a decision
        by e-mailing us at <SupportEmail />, and a moderator or an administrator will review it.
      </p>
      {AUTOMATED_DECISION_KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`decision-${kind}`}>
          <h3 className="h5 mt-4" id={`decision-${kind}`}>
            {AUTOMATED_DECISIONS[kind].title}
          </h3>
          <DecisionFacts decision={AUTOMATED_DECISIONS[kind]} />
        </section>
      ))}
    </>
  );
}
