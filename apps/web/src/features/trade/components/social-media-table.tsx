import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import { MEDIA_TYPE_NAMES } from '../utils/media-type-names';

interface SocialMediaTableProps {
  entries: SocialMediaEntry[] | undefined;
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (entry: SocialMediaEntry) => void;
}

/**
 * The entries, one of which may be selected for editing: a click anywhere on its row, or its media type's
 * button for keyboards. Each row's Open link, a control of its own, opens the page the entry stands for in a
 * new tab without choosing the row.
 */
export function SocialMediaTable({ entries, loading, selectedId, onSelect }: SocialMediaTableProps) {
  return (
    <Table hover responsive className="mt-4 mb-0 align-middle">
      <caption className="visually-hidden">Social media of the business; choose one to change or delete it</caption>
      <thead>
        <tr>
          <th scope="col">Social Media</th>
          <th scope="col">name</th>
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <tr>
            <td colSpan={2}>
              <Placeholder as="span" animation="glow" aria-hidden="true">
                <Placeholder xs={8} />
              </Placeholder>
              <span className="visually-hidden">Loading...</span>
            </td>
          </tr>
        ) : entries && entries.length > 0 ? (
          entries.map((entry) => {
            const isSelected = entry.id === selectedId;
            return (
              <tr key={entry.id} className={isSelected ? 'table-active' : undefined} onClick={() => onSelect(entry)}>
                <td>
                  <Button
                    variant="link"
                    className="p-0 text-start"
                    aria-pressed={isSelected}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(entry);
                    }}
                  >
                    {MEDIA_TYPE_NAMES[entry.mediaType]}
                  </Button>
                </td>
                <td>
                  <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                    <span className="text-break">{entry.name}</span>
                    {entry.url && (
                      <a
                        href={entry.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="small text-nowrap"
                        // Opening the page is not choosing the row for editing.
                        onClick={(event) => event.stopPropagation()}
                      >
                        Open <span className="visually-hidden">{`${entry.name} (opens in new tab)`}</span>
                        <span aria-hidden="true"> ↗</span>
                      </a>
                    )}
                  </div>
                </td>
              </tr>
            );
          })
        ) : (
          <tr>
            <td colSpan={2} className="text-body-secondary">
              No social media yet. Add your website or a page of your business with the form above.
            </td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}
