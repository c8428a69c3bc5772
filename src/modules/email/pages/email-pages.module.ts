import { Module } from '@nestjs/common';
import { EmailModule } from '../email.module.js';
import { EmailPagesMount } from './email-pages.mount.js';

/** The confirmation and unsubscribe pages at /email: the server's root only, never the CLI. */
@Module({ imports: [EmailModule], providers: [EmailPagesMount] })
export class EmailPagesModule {}
