import { Module } from '@nestjs/common';
import { DashboardMount } from './dashboard-mount.js';

/** The Alerts dashboard's web client at /dashboard (its data comes from /graphql). */
@Module({ providers: [DashboardMount] })
export class DashboardModule {}
