/** A figure a benchmark measured, with its unit (e.g. { name: 'p95 latency', value: 12.3, unit: 'ms' }). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

export interface Benchmark {
  name: string;
  run(): Promise<Figure[]>;
}
