/** A keyword of a live search, as the inbox matcher indexes it. */
export interface IndexedSearchKeyword {
  id: string;
  searchId: string;
  accountId: string;
  text: string;
  /** The keyword's place in its search: breaks ties between equally scored keywords. */
  position: number;
  /** Its words' English stems, for the title-coverage signal. */
  stems: ReadonlySet<string>;
}

/** A keyword that matched an item, and whether it matched in the post title. */
export interface KeywordHit {
  keyword: IndexedSearchKeyword;
  inTitle: boolean;
}
