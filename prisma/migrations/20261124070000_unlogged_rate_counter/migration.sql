-- Rate counters are one-minute (at most one-hour) windows: losing them in a crash, or on a
-- standby after a failover, only lets a client start a window afresh. Logged, every counted
-- request waited for a WAL flush while holding its counter's row lock, so the requests of one
-- key were served one flush at a time (bench/facade.ts: about 700 a second). Unlogged, a count
-- commits without waiting for the disk (docs/operations.md, Rate counters).
ALTER TABLE "rate_counter" SET UNLOGGED;
