import { SignUpSettingEntity } from './sign-up-setting.entity.js';
import { SignUpEntity } from './sign-up.entity.js';

export const SIGN_UP_ENTITIES = [SignUpEntity, SignUpSettingEntity];
