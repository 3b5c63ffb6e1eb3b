import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import type { SearchView } from '../search-view';

const VIEWS: readonly { view: SearchView; label: string }[] = [
  { view: 'list', label: 'List' },
  { view: 'map', label: 'Map' },
];

/** List | Map: toggle buttons like the state buttons, the chosen one pressed. */
export function ViewSwitch({ view, onChange }: { view: SearchView; onChange: (view: SearchView) => void }) {
  return (
    <ButtonGroup aria-label="Show results as">
      {VIEWS.map((one) => (
        <Button
          key={one.view}
          size="sm"
          variant={one.view === view ? 'primary' : 'outline-primary'}
          aria-pressed={one.view === view}
          onClick={() => onChange(one.view)}
        >
          {one.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
