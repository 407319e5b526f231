import type { Benchmark } from './benchmarks';

/** The registered benchmarks (loaded when the bench runs, so importing this file stays cheap). */
export async function loadBenchmarks(): Promise<Benchmark[]> {
  const [{ publishingBenchmark }, { bundlesBenchmark }, { uploadsBenchmark }, { frontendBenchmark }] = await Promise.all([
    import('./publishing'),
    import('./bundles'),
    import('./uploads'),
    import('./frontend'),
  ]);
  const { loadBenchmark } = await import('./load');
  const { schedulingBenchmark } = await import('./scheduling');
  const { costBenchmark } = await import('./cost');
  const { abuseBenchmark } = await import('./abuse');
  const { importBenchmark } = await import('./imports');
  return [publishingBenchmark, bundlesBenchmark, uploadsBenchmark, frontendBenchmark, loadBenchmark, schedulingBenchmark, costBenchmark, abuseBenchmark, importBenchmark];
}
