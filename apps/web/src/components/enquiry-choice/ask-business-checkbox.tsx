import { ENQUIRY_MAX_BUSINESSES } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { type ChosenBusiness, chooseBusiness, useEnquiryChoice } from '../../lib/enquiry-choice';

/**
 * "Ask this business" on a result card: ticks it for one message to up to 3 businesses. Once 3 are ticked the
 * others' boxes are disabled, and say why.
 */
export function AskBusinessCheckbox({ business }: { business: ChosenBusiness }) {
  const choice = useEnquiryChoice();
  const id = useId();
  const chosen = choice.some((each) => each.id === business.id);
  const full = !chosen && choice.length >= ENQUIRY_MAX_BUSINESSES;
  return (
    <div>
      <Form.Check
        id={id}
        type="checkbox"
        label={
          <>
            Ask this business<span className="visually-hidden">: {business.name}</span>
          </>
        }
        checked={chosen}
        disabled={full}
        aria-describedby={full ? `${id}-full` : undefined}
        onChange={(event) => chooseBusiness(business, event.target.checked)}
      />
      {full && (
        <Form.Text id={`${id}-full`} className="d-block">
          {MESSAGES.tooManyEnquiryBusinesses}
        </Form.Text>
      )}
    </div>
  );
}
