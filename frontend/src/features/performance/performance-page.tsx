import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { performanceDetailedQueryOptions, performanceTrendsQueryOptions } from '../../api/performance';
import { periodsQueryOptions } from '../../api/periods';
import { choicesQueryOptions, currentPeriodQueryOptions } from '../../api/picks';
import { RefreshNotice } from '../../components/refresh-notice';
import { DetailedAnalysis } from './detailed-analysis';
import { HeadToHead } from './head-to-head';
import { Overview } from './overview';
import { ComparisonModeSwitch, PeriodPicker, type ComparisonMode } from './period-picker';
import { SegmentComparison } from './segment-comparison';
import { comparablePeriods } from './selection';
import { Trends } from './trends';

/**
 * The Performance page. The route's loader has loaded these four queries (its pending and error
 * components cover the first load); a background refresh that fails keeps the page and says so.
 */
export function PerformancePage() {
  const detailed = useSuspenseQuery(performanceDetailedQueryOptions());
  const trends = useSuspenseQuery(performanceTrendsQueryOptions());
  const periods = useSuspenseQuery(periodsQueryOptions());
  const current = useSuspenseQuery(currentPeriodQueryOptions());
  // The current period joins the comparable ones once the player has picked there (before any result).
  const currentChoices = useQuery({
    ...choicesQueryOptions(current.data?.id ?? 0),
    enabled: current.data !== null,
  });
  const pickedIds = current.data && (currentChoices.data?.length ?? 0) > 0 ? [current.data.id] : [];
  const [mode, setMode] = useState<ComparisonMode>('periods');
  const [selected, setSelected] = useState<number[]>([]);

  return (
    <section className="page" aria-labelledby="performance-title">
      <header className="page-header">
        <h1 id="performance-title">Performance</h1>
        <p className="page-header__lead">How your picks have done, period by period.</p>
      </header>
      <RefreshNotice queries={[detailed, trends, periods, current]} />

      <div className="panel">
        <ComparisonModeSwitch mode={mode} onChange={setMode} />
        {mode === 'periods' ? (
          <PeriodPicker
            selectable={comparablePeriods(
              periods.data,
              trends.data.map((entry) => entry.periodId),
              pickedIds,
            )}
            selected={selected}
            onChange={setSelected}
          />
        ) : (
          <SegmentComparison trends={trends.data} periods={periods.data} />
        )}
      </div>

      <Tabs.Root defaultValue="overview" className="tabs">
        <Tabs.List className="tabs__list tabs__list--scroll" aria-label="Performance views">
          <Tabs.Trigger value="overview" className="tabs__trigger">
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="detailed" className="tabs__trigger">
            Detailed Analysis
          </Tabs.Trigger>
          <Tabs.Trigger value="trends" className="tabs__trigger">
            Trends
          </Tabs.Trigger>
          <Tabs.Trigger value="head-to-head" className="tabs__trigger">
            Head-to-Head
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" className="panel">
          <Overview detailed={detailed.data} trends={trends.data} periods={periods.data} />
        </Tabs.Content>
        <Tabs.Content value="detailed" className="panel">
          <DetailedAnalysis selected={selected} />
        </Tabs.Content>
        <Tabs.Content value="trends" className="panel">
          <Trends detailed={detailed.data} trends={trends.data} periods={periods.data} />
        </Tabs.Content>
        <Tabs.Content value="head-to-head" className="panel">
          <HeadToHead selected={selected} trends={trends.data} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
