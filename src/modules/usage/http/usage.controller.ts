import { Controller, Get } from '@nestjs/common';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { UsageService } from '../usage.service.js';

@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  async report(@CurrentCaller() caller: Caller) {
    return { data: await this.usage.report(caller) };
  }
}
