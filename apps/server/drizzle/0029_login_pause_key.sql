ALTER TYPE "public"."key_purpose" ADD VALUE 'LOGIN_PAUSE';
