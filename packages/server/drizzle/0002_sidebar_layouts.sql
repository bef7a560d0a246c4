CREATE TABLE "sidebar_layouts" (
	"role_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"entries" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "sidebar_layouts" ADD CONSTRAINT "sidebar_layouts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sidebar_layouts" ADD CONSTRAINT "sidebar_layouts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sidebar_layouts" ADD CONSTRAINT "sidebar_layouts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sidebar_layouts_school_idx" ON "sidebar_layouts" USING btree ("school_id");