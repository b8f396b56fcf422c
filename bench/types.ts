export interface Figure {
  /** What was measured, in words a reader of the table understands. */
  name: string;
  value: number;
  unit: string;
  /** The budget, in the same unit, when it has one. Lower is better. */
  budget?: number;
  /** How it was measured (sample size, percentile, conditions). */
  note?: string;
}

export interface Suite {
  name: string;
  run: () => Promise<Figure[]>;
}
