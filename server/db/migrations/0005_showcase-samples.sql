CREATE TABLE "showcase_renders" (
	"sample_id" text NOT NULL,
	"voice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"converted_key" text,
	"duration" double precision,
	CONSTRAINT "showcase_renders_sample_id_voice_id_pk" PRIMARY KEY("sample_id","voice_id")
);
--> statement-breakpoint
CREATE TABLE "showcase_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"engine_voice" text NOT NULL,
	"original_key" text,
	"duration" double precision
);
--> statement-breakpoint
ALTER TABLE "showcase_renders" ADD CONSTRAINT "showcase_renders_sample_id_showcase_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."showcase_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_renders" ADD CONSTRAINT "showcase_renders_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showcase_renders_voice_id_idx" ON "showcase_renders" USING btree ("voice_id");