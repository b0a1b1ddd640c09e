/** What route modules share: the store, settings and the service's long-lived helpers. */
import type { StylerStore } from '../store/index.js';
import type { ChatPipeline } from './chat/pipeline.js';
import type { ServiceConfig } from '../config.js';
import type { JobExecutor } from '../jobs/fine-tuning.js';
import type { StyleModelCache } from '../style-models/cache.js';
import type { TransformPipeline } from './transform/pipeline.js';

export interface RouteContext {
  store: StylerStore;
  config: ServiceConfig;
  jobs: JobExecutor;
  models: StyleModelCache;
  transforms: TransformPipeline;
  chats: ChatPipeline;
}
