import { STARS } from '@churchtrades/shared/rating';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { starsFilterText } from '../review-text';

interface StarFilterProps {
  /** Stars chosen; undefined for all. */
  stars: number | undefined;
  /** Published reviews of each number of stars, keyed "1".."5". */
  starCounts: Record<string, number>;
  onChange: (stars: number | undefined) => void;
}

/** All / 5 / 4 / 3 / 2 / 1 stars with how many reviews each, as toggle buttons; the chosen one pressed. */
export function StarFilter({ stars, starCounts, onChange }: StarFilterProps) {
  const countOf = (choice: number) => starCounts[String(choice)] ?? 0;
  const all = STARS.reduce((sum, choice) => sum + countOf(choice), 0);
  const choices: { value: number | undefined; count: number }[] = [
    { value: undefined, count: all },
    ...[...STARS].reverse().map((choice) => ({ value: choice, count: countOf(choice) })),
  ];

  return (
    <ButtonGroup aria-label="Show reviews with" className="flex-wrap mb-3">
      {choices.map(({ value, count }) => (
        <Button
          key={value ?? 'all'}
          size="sm"
          variant={value === stars ? 'primary' : 'outline-primary'}
          aria-pressed={value === stars}
          disabled={count === 0 && value !== stars}
          onClick={() => onChange(value)}
        >
          {`${starsFilterText(value)} (${count})`}
        </Button>
      ))}
    </ButtonGroup>
  );
}
