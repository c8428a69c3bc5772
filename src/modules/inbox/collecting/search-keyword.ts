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

export interface KeywordHit {
  keyword: IndexedSearchKeyword;
  inTitle: boolean;
}
