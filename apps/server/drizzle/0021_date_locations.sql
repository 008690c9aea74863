CREATE TABLE "date_locations" (
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lat" numeric(10, 8) NOT NULL,
	"lng" numeric(11, 8) NOT NULL,
	"accuracy" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "date_locations_auction_id_user_id_pk" PRIMARY KEY("auction_id","user_id"),
	CONSTRAINT "date_locations_lat_range" CHECK ("date_locations"."lat" BETWEEN -90 AND 90),
	CONSTRAINT "date_locations_lng_range" CHECK ("date_locations"."lng" BETWEEN -180 AND 180),
	CONSTRAINT "date_locations_accuracy_range" CHECK ("date_locations"."accuracy" >= 0)
);
--> statement-breakpoint
ALTER TABLE "date_locations" ADD CONSTRAINT "date_locations_auction_id_auction_dates_auction_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auction_dates"("auction_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_locations" ADD CONSTRAINT "date_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;