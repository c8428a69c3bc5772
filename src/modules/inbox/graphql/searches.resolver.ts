import { Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireProduct } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { SearchesService } from '../searches/searches.service.js';
import { SearchModel, toSearchModel } from './search.model.js';

/** The searches an inbox can be filtered by (read-only here; managed over REST). App keys only. */
@Resolver(() => SearchModel)
@RequireProduct('app')
export class SearchesResolver {
  constructor(private readonly searches: SearchesService) {}

  @Query(() => [SearchModel], {
    name: 'searches',
    description: 'GET /searches: live searches, paused ones included, oldest first.',
  })
  async list(@CurrentCaller() caller: Caller): Promise<SearchModel[]> {
    return (await this.searches.list(caller.accountId)).map(toSearchModel);
  }
}
