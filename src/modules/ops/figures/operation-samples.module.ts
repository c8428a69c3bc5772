import { Module } from '@nestjs/common';
import { OperationSampleStore } from './operation-sample.store.js';

/** The samples table alone: the console reads and writes it, retention prunes it. */
@Module({ providers: [OperationSampleStore], exports: [OperationSampleStore] })
export class OperationSamplesModule {}
