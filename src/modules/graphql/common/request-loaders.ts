import DataLoader from 'dataloader';
import type { AppRequest } from '../../../common/http/request-of.js';

/**
 * DataLoaders that live as long as one HTTP request, one per name: the same field on every node
 * of a list batches into one query, and no cache outlives the request or mixes two callers.
 */
export class RequestLoaders<K, V> {
  private readonly perRequest = new WeakMap<AppRequest, Map<string, DataLoader<K, V>>>();

  /** The request's loader named `name`; `batch` (and `options`) make it on first use. */
  of(
    req: AppRequest,
    name: string,
    batch: DataLoader.BatchLoadFn<K, V>,
    options?: DataLoader.Options<K, V>,
  ): DataLoader<K, V> {
    let loaders = this.perRequest.get(req);
    if (!loaders) {
      loaders = new Map();
      this.perRequest.set(req, loaders);
    }
    let loader = loaders.get(name);
    if (!loader) {
      loader = new DataLoader(batch, options);
      loaders.set(name, loader);
    }
    return loader;
  }
}
