/**
 * Worker-thread entry of the network analysis: receives the authorship columns, answers the analysis.
 * Loaded from the compiled build only (see NetworkAnalysisService).
 */
import { parentPort } from 'node:worker_threads';
import { analyseNetwork, type AnalysisOptions, type AuthorshipColumns } from './community-analysis';

parentPort?.once('message', ({ rows, options }: { rows: AuthorshipColumns; options: AnalysisOptions }) => {
  parentPort?.postMessage(analyseNetwork(rows, options));
});
