import type { Outcome, Period } from '@treble/contracts';
import { useState } from 'react';
import { ReopenImpactPreview, ResultImpactPreview } from './impact-preview';
import { OptionSelect, PeriodSelect } from './selects';

type OutcomeChoice = Outcome | 'none';

/** Previews of a result set, corrected or deleted, and of a period reopened: nothing is saved. */
export function WhatIfPanel({ periods }: { periods: Period[] }) {
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [optionId, setOptionId] = useState('');
  const [outcome, setOutcome] = useState<OutcomeChoice | ''>('');
  const reopenable = periods.filter((period) => period.isManuallyCompleted);
  const [reopenId, setReopenId] = useState<number | null>(null);
  return (
    <section className="panel" aria-labelledby="what-if-title">
      <h2 id="what-if-title">What if…</h2>
      <p className="muted">Previews only: nothing is saved.</p>
      <h3>A result were set, corrected or deleted</h3>
      <div className="form__row">
        <PeriodSelect
          label="Period"
          empty="Choose a period"
          periods={periods}
          value={periodId}
          onChange={(id) => {
            setPeriodId(id);
            setOptionId('');
          }}
        />
        {periodId !== null && (
          <OptionSelect periodId={periodId} label="Option" value={optionId} onChange={setOptionId} />
        )}
        <label className="field">
          <span className="field__label">Result</span>
          <select value={outcome} onChange={(event) => setOutcome(event.target.value as OutcomeChoice | '')}>
            <option value="">Choose a result</option>
            <option value="win">Win</option>
            <option value="draw">Draw</option>
            <option value="loss">Loss</option>
            <option value="none">Delete the result</option>
          </select>
        </label>
      </div>
      {optionId !== '' && outcome !== '' && (
        <ResultImpactPreview optionId={optionId} outcome={outcome === 'none' ? null : outcome} />
      )}
      <h3>A period were reopened</h3>
      {reopenable.length === 0 ? (
        <p className="empty-state">No manually completed period to reopen.</p>
      ) : (
        <>
          <PeriodSelect
            label="Period to reopen"
            empty="Choose a period"
            periods={reopenable}
            value={reopenId}
            onChange={setReopenId}
          />
          {reopenId !== null && <ReopenImpactPreview periodId={reopenId} />}
        </>
      )}
    </section>
  );
}
