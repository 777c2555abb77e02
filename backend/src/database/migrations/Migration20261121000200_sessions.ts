import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions with rotating refresh tokens (only hashes are stored; every rotated hash is kept
 * while its session lives, so presenting one again is detected as reuse), and the single-use
 * e-mail tokens for confirmation and password reset.
 */
export class Migration20261121000200_sessions extends Migration {
  override name = 'Migration20261121000200_sessions';

  override up(): void {
    this.addSql(`
      create table sessions (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade,
        refresh_token_hash char(64) not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz null,
        user_agent varchar(512) null,
        ip varchar(64) null
      )`);
    this.addSql('create unique index sessions_refresh_token_hash_unique on sessions (refresh_token_hash)');
    this.addSql('create index sessions_user_id_index on sessions (user_id)');

    this.addSql(`
      create table rotated_refresh_tokens (
        token_hash char(64) primary key,
        session_id uuid not null references sessions (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        rotated_at timestamptz not null default now()
      )`);
    this.addSql('create index rotated_refresh_tokens_session_id_index on rotated_refresh_tokens (session_id)');

    this.addSql(`
      create table auth_tokens (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users (id) on delete cascade,
        type text not null constraint auth_tokens_type_check check (type in ('email_confirmation', 'password_reset')),
        token_hash char(64) not null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create unique index auth_tokens_token_hash_unique on auth_tokens (token_hash)');
    this.addSql('create index auth_tokens_user_id_type_index on auth_tokens (user_id, type)');
  }

  override down(): void {
    this.addSql('drop table if exists auth_tokens');
    this.addSql('drop table if exists rotated_refresh_tokens');
    this.addSql('drop table if exists sessions');
  }
}
