import Testing

/// Groups the scheduler's suites so `swift test --filter Scheduling` runs them all.
@Suite enum SchedulingTests {}
