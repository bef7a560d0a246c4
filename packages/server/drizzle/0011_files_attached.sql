ALTER TABLE "files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
UPDATE "files" SET "attached_at" = "created_at" WHERE "id" IN (
  SELECT "avatar_file_id" FROM "users" WHERE "avatar_file_id" IS NOT NULL
  UNION SELECT "logo_file_id" FROM "schools" WHERE "logo_file_id" IS NOT NULL
  UNION SELECT "photo_file_id" FROM "students" WHERE "photo_file_id" IS NOT NULL
  UNION SELECT "photo_file_id" FROM "employees" WHERE "photo_file_id" IS NOT NULL
);
