import type { StateFilter } from '@churchtrades/shared/states';
import Form from 'react-bootstrap/Form';
import { useStateChurchesQuery } from '../../../lib/churches-api';

interface ChurchSelectProps {
  state: StateFilter;
  churchId: string | null;
  onChange: (churchId: string | null) => void;
}

/** The churches of the chosen state, of every state for All (SPEC §2). */
export function ChurchSelect({ state, churchId, onChange }: ChurchSelectProps) {
  const { currentData: churches } = useStateChurchesQuery(state);

  return (
    <Form.Group controlId="search-church">
      <Form.Label visuallyHidden>Church</Form.Label>
      <Form.Select value={churchId ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Church</option>
        {churches?.map((church) => (
          <option key={church.churchId} value={church.churchId}>
            {/* With every state listed, the state tells apart churches of the same suburb name. */}
            {state === 'ALL' ? `${church.name} (${church.stateType})` : church.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
