import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COUNCIL_ANALYTICS_PATHS,
  DEFAULT_ANALYTICS_MONTHS,
  MAX_ANALYTICS_MONTHS,
  councilAnalyticsAnswer,
  councilAnalyticsQuery,
  monthSpan,
  shiftMonth } from '../../../shared/api/council-analytics';
import { HTTP_STATUS, detailError, fieldErrors as fieldErrorsSchema } from '../../../shared/api/drf';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { fieldError } from '../../errors';
import { councilAnalytics } from './analytics-queries';
import { translateAnalyticsError } from './analytics-texts';
import { translateRefusals } from '../../refusal-texts';

// Council analytics: throughput, outcomes by field, review time and overdue reviews,
// per council, over a period of months (the last twelve by default). Holders of
// councils.view_analytics only; the figures count the applications the caller may see.

const tags = ['council analytics'];

export const councilAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());

  translateRefusals(app, translateAnalyticsError);

  app.get(
    COUNCIL_ANALYTICS_PATHS.analytics,
    {
      preHandler: requirePermission('councils.view_analytics'),
      schema: {
        tags,
        summary:
          'Council analytics over a period of months (from, to as YYYY-MM; the last 12 months by default), optionally for one council: throughput per month, decisions by outcome and field, review time (average, p90), overdue reviews, per council',
        querystring: councilAnalyticsQuery,
        response: {
          [HTTP_STATUS.ok]: councilAnalyticsAnswer,
          [HTTP_STATUS.badRequest]: fieldErrorsSchema,
          [HTTP_STATUS.forbidden]: detailError,
        },
      },
    },
    async (request) => {
      const today = kosovoDate(clock());
      const thisMonth = today.slice(0, 7);
      const { council } = request.query;
      let { from, to } = request.query;
      if (!from && !to) {
        to = thisMonth;
        from = shiftMonth(thisMonth, -(DEFAULT_ANALYTICS_MONTHS - 1));
      } else if (!from) {
        from = shiftMonth(to!, -(DEFAULT_ANALYTICS_MONTHS - 1));
      } else if (!to) {
        to = from > thisMonth ? from : thisMonth;
      }
      const span = monthSpan(from, to!);
      if (span < 1) throw fieldError('to', 'analytics_period_reversed');
      if (span > MAX_ANALYTICS_MONTHS) throw fieldError('to', 'analytics_period_too_long');
      return councilAnalytics(db, applicationScope(currentUser(request)), { from, to: to!, council: council ?? null, today });
    },
  );
};
