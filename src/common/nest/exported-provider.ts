import type { DynamicModule, Type } from '@nestjs/common';

/** A provider class and the module that exports it: what a root module hands to another module. */
export interface ExportedProvider<T> {
  module: Type<unknown> | DynamicModule;
  provider: Type<T>;
}
