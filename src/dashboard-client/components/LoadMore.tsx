export function LoadMore({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="secondary"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </button>
  );
}
