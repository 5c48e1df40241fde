-- The region of an accent's country (ISO 3166-1 alpha-2). Rows already present get the locale's region
-- subtag (the seed then writes the code's value); ZZ, the code for an unknown region, where there is none.
ALTER TABLE "accent_infos" ADD COLUMN "region" text;--> statement-breakpoint
UPDATE "accent_infos" SET "region" = coalesce(upper(substring("locale" from '-([A-Za-z]{2})$')), 'ZZ');--> statement-breakpoint
ALTER TABLE "accent_infos" ALTER COLUMN "region" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accent_infos" ADD CONSTRAINT "accent_infos_region_check" CHECK ("accent_infos"."region" ~ '^[A-Z]{2}$');
