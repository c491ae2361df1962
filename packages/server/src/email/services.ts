import type { Infrastructure } from '../app/infrastructure.js';
import { Mailer } from './mailer.js';
import { EmailTemplateService } from './template-service.js';

/** The email slice's services (`context.email`). */
export interface EmailServices {
  templates: EmailTemplateService;
  mailer: Mailer;
}

export async function createEmailServices({
  config,
  settings,
  logger,
}: Infrastructure): Promise<EmailServices> {
  const templates = new EmailTemplateService(settings, config.baseUrl);
  return { templates, mailer: new Mailer(config, settings, templates, logger) };
}
