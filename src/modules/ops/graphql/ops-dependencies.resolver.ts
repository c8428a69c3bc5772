import { Query, Resolver } from '@nestjs/graphql';
import { RequireOperator } from '../../auth/auth.decorators.js';
import { MissingDependencies } from '../../health/missing-dependencies.service.js';
import {
  OpsMissingDependencyModel,
  toOpsMissingDependencyModel,
} from './ops-missing-dependency.model.js';

/** The notice at the top of the console's pages: operators only. */
@Resolver()
@RequireOperator()
export class OpsDependenciesResolver {
  constructor(private readonly dependencies: MissingDependencies) {}

  @Query(() => [OpsMissingDependencyModel], {
    name: 'opsMissingDependencies',
    description:
      'The dependencies (database, Redis) the answering instance cannot reach now, with since when; empty when none. Without the database no field answers: every request gets 503 unavailable, whose message says since when. Operators only: anyone else gets 403 forbidden.',
  })
  async opsMissingDependencies(): Promise<OpsMissingDependencyModel[]> {
    return (await this.dependencies.list()).map(toOpsMissingDependencyModel);
  }
}
