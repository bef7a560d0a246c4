CREATE TABLE "telegram_bots" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"token_sealed" text NOT NULL,
	"bot_id" bigint NOT NULL,
	"username" text NOT NULL,
	"first_name" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"absence_notice" boolean DEFAULT true NOT NULL,
	"summary_notice" boolean DEFAULT false NOT NULL,
	"summary_time" text DEFAULT '17:00' NOT NULL,
	"summary_chat_id" uuid,
	"scores_notice" boolean DEFAULT true NOT NULL,
	"updates_offset" bigint DEFAULT 0 NOT NULL,
	"poll_owner" text,
	"poll_lease_until" timestamp with time zone,
	"problem" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"language" text DEFAULT 'km' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"class_id" uuid,
	"user_id" uuid,
	"student_id" uuid,
	"linked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"code" text NOT NULL,
	"purpose" text NOT NULL,
	"class_id" uuid,
	"user_id" uuid,
	"student_id" uuid,
	"language" text DEFAULT 'km' NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"chat_row_id" uuid,
	"chat_id" bigint NOT NULL,
	"chat_title" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"telegram_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_bots" ADD CONSTRAINT "telegram_bots_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_chat_row_id_telegram_chats_id_fk" FOREIGN KEY ("chat_row_id") REFERENCES "public"."telegram_chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_chats_school_idx" ON "telegram_chats" USING btree ("school_id","kind");--> statement-breakpoint
CREATE INDEX "telegram_chats_class_idx" ON "telegram_chats" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "telegram_chats_student_idx" ON "telegram_chats" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_link_key" ON "telegram_chats" USING btree ("school_id","chat_id","kind",coalesce("class_id", "user_id", "student_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_link_codes_code_key" ON "telegram_link_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_outbox_key" ON "telegram_outbox" USING btree ("school_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "telegram_outbox_due_idx" ON "telegram_outbox" USING btree ("next_attempt_at") WHERE "telegram_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "telegram_outbox_school_idx" ON "telegram_outbox" USING btree ("school_id","created_at");