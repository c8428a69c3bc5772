/** The part of madge's API that src/import-graph.spec.ts uses (madge ships no types). */
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
  }

  interface MadgeResult {
    /** Each file (relative to the base directory) with the files it imports. */
    obj(): Record<string, string[]>;
    circular(): string[][];
    warnings(): { skipped: string[] };
  }

  export default function madge(path: string, config: MadgeConfig): Promise<MadgeResult>;
}
