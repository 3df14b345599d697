import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runJob } from '../../lib/jobs.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { createCommentsService } from './comments.service.ts';
import { createCommunityJobs } from './community.jobs.ts';
import { communityRoutes } from './community.routes.ts';
import { createCommunityService } from './community.service.ts';
import { createFollowsRepository } from './follows.repository.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';
import { createVotesRepository } from './votes.repository.ts';

/** Reports and the moderation queue, comments, follows, notifications, votes, and their hourly job. */
export default fp(
  async function communityModule(app: FastifyInstance) {
    const { env, database, clock, throttle, mailer, publicUrl, secret, caches, auth } = app.glyphary;
    const limiter = createRateLimiter(throttle, { report: env.REPORT_RATE_LIMIT, comment: env.COMMENT_RATE_LIMIT });
    const reports = createReportsService({
      reports: createReportsRepository(database.db),
      clock,
      limiter,
      mailer,
      publicUrl,
      onChange: () => {
        caches.publicReads.contentChanged();
        caches.adminStats.clear();
      },
      log: app.log,
    });
    const community = createCommunityService({
      notifications: createNotificationsRepository(database.db),
      follows: createFollowsRepository(database.db),
      votes: createVotesRepository(database.db),
      clock,
      secret,
      publicUrl,
      mailer,
    });
    await app.register(communityRoutes, {
      auth,
      reports,
      comments: createCommentsService({ comments: createCommentsRepository(database.db), clock, limiter }),
      community,
    });
    const jobs = createCommunityJobs({ community, intervalMs: 60 * 60 * 1000, logger: app.log });
    app.glyphary.communityJobs = jobs;
    runJob(app, env.COMMUNITY_JOB, jobs);
  },
  { name: 'community-module' },
);
