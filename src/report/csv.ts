/**
 * The project's CSV tables written: csv-stringify, each string cell a
 * spreadsheet would take for a formula made text first (store/csvCells.ts),
 * as matches.csv's rows are. Every table goes through `csvText`.
 */
import { stringify } from 'csv-stringify/sync';
import { formulaSafe } from '../store/csvCells.js';

export const csvText = (rows: readonly (readonly unknown[])[]): string => stringify(rows as unknown[][], { cast: { string: formulaSafe } });
