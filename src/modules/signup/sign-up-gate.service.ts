import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig, type SignUpMode } from '../../config/app-config.js';
import type { PlanName } from '../../config/plans.js';
import { UsersService } from '../users/users.service.js';
import type { SignUpSettingEntity } from './sign-up-setting.entity.js';
import { SignUpStore } from './sign-up.store.js';

/** Whether sign-up is open now, and why. */
export interface SignUpState {
  /** SIGNUP, read at start. */
  configured: SignUpMode;
  /** Open: SIGNUP=open and no operator has closed it. */
  open: boolean;
  plan: PlanName;
  /** The operator's switch as last used; null while unused. */
  operatorSetting: SignUpSettingEntity | null;
}

const CLOSED = 'Sign-up is closed on this service: ask its operator for an account';

/**
 * SIGNUP opens sign-up at start; an operator may close it (and open it again) while the service
 * runs, never open it past SIGNUP=closed. The switch is a row every instance reads.
 */
@Injectable()
export class SignUpGate {
  constructor(
    private readonly store: SignUpStore,
    private readonly users: UsersService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async state(): Promise<SignUpState> {
    const { mode, plan } = this.config.signUp;
    const operatorSetting = mode === 'open' ? await this.store.operatorSetting() : null;
    return {
      configured: mode,
      open: mode === 'open' && operatorSetting?.closed !== true,
      plan,
      operatorSetting,
    };
  }

  /** forbidden, saying so, while sign-up is closed. */
  async refuseWhenClosed(): Promise<void> {
    if (!(await this.state()).open) throw new AppError('forbidden', CLOSED);
  }

  /** The operator's switch; opening is refused while SIGNUP=closed, which only a restart changes. */
  async setOpen(open: boolean, operatorId: string): Promise<SignUpState> {
    if (open && this.config.signUp.mode === 'closed') {
      throw AppError.invalidBody(
        'Sign-up is closed by SIGNUP=closed: set SIGNUP=open (with SMTP_URL) and restart to open it',
      );
    }
    const operator = await this.users.findById(operatorId);
    if (!operator) throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    await this.store.setOperatorSetting(!open, operator.email, this.clock.nowMs());
    return this.state();
  }
}
