import { STATE_FILTER_BUTTON_ORDER, type StateFilter } from '@churchtrades/shared/states';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import './state-buttons.css';

interface StateButtonsProps {
  state: StateFilter;
  onChange: (state: StateFilter) => void;
}

/** All/NSW/…/NT (SPEC §2): toggle buttons, the chosen one pressed. */
export function StateButtons({ state, onChange }: StateButtonsProps) {
  return (
    <ButtonGroup aria-label="State" className="state-buttons d-flex">
      {STATE_FILTER_BUTTON_ORDER.map((value) => (
        <Button
          key={value}
          variant={value === state ? 'primary' : 'outline-primary'}
          aria-pressed={value === state}
          onClick={() => onChange(value)}
        >
          {value === 'ALL' ? 'All' : value}
        </Button>
      ))}
    </ButtonGroup>
  );
}
