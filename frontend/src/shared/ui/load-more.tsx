import { Button } from './button';

/** The "Load more" of a keyset-paginated list (an RTK Query infinite query's next page). */
export function LoadMore({ hasNextPage, isFetching, onLoadMore }: { hasNextPage: boolean; isFetching: boolean; onLoadMore: () => void }) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" isLoading={isFetching} onClick={onLoadMore}>
        Load more
      </Button>
    </div>
  );
}
