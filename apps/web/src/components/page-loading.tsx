import Spinner from 'react-bootstrap/Spinner';

interface PageLoadingProps {
  /** Takes the whole screen's height, for a page whose size is not known yet. */
  fillsScreen?: boolean;
}

export function PageLoading({ fillsScreen = false }: PageLoadingProps) {
  return (
    <div className={`d-flex justify-content-center py-5${fillsScreen ? ' min-vh-100' : ''}`}>
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading…</span>
      </Spinner>
    </div>
  );
}
