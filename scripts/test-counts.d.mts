export interface LayerCounts {
  passed: number;
  failed: number;
  skipped: number;
  unloaded: { file: string; message: string }[];
  failures: { file: string; test: string; message: string }[];
}
/** Counts of one layer from vitest's JSON report at file; status is the runner's exit status. */
export declare function countsOf(file: string, status: number | null): LayerCounts;
