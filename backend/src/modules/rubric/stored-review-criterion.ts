/** A criterion as a review stores it (paper_reviews.criteria): the rubric's words and the reviewer's score. */
export interface StoredReviewCriterion {
  name: string;
  hint: string;
  /** 1 to 5; null while a draft has not scored it. */
  score: number | null;
  comment: string;
}
