-- "Near me" with a state: that state's pins, nearest first. In the index of every pin (0009, trades_listed_pin_idx)
-- a visitor near Sydney asking for Western Australia's businesses walked past every pin of the eastern states
-- first: 4 s at a million businesses. trades/repo.ts `stateOfPins` names the state as a literal, which the
-- planner needs to prove one of these predicates.
CREATE INDEX "trades_listed_pin_nsw_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'NSW';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_vic_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'VIC';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_qld_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'QLD';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_act_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'ACT';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_tas_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'TAS';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_sa_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'SA';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_nt_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'NT';--> statement-breakpoint
CREATE INDEX "trades_listed_pin_wa_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null and state_type = 'WA';--> statement-breakpoint
ANALYZE "trades";
