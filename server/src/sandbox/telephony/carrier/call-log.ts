import type { ProviderCall } from '../../../providers/telephony/provider';

// The sandbox carrier's Calls resource: every leg it carried, as Twilio's Calls API lists them
// (for the hourly reconciliation of calls). In memory: it does not outlive a restart.
export class CallLog {
  private readonly calls = new Map<string, ProviderCall & { endedAt?: Date }>();

  /** A leg's status now; a final one ends it, with its talk time. */
  update(leg: Omit<ProviderCall, 'status' | 'duration' | 'startTime'>, status: string, duration = 0) {
    const ended = !['queued', 'initiated', 'ringing', 'in-progress'].includes(status);
    this.calls.set(leg.sid, {
      ...leg,
      startTime: this.calls.get(leg.sid)?.startTime ?? new Date(),
      status: status === 'initiated' ? 'queued' : status,
      duration: ended ? duration : 0,
      ...(ended ? { endedAt: new Date() } : {}),
    });
  }

  endedSince(since: Date): ProviderCall[] {
    return [...this.calls.values()].filter((c) => c.endedAt && c.endedAt >= since).map(strip);
  }

  find(sid: string) {
    const call = this.calls.get(sid);
    if (!call) return undefined;
    const legs = [...this.calls.values()].filter((c) => c.parentSid === sid).map(strip);
    return { call: strip(call), legs };
  }
}

const strip = ({ endedAt: _, ...call }: ProviderCall & { endedAt?: Date }): ProviderCall => call;
