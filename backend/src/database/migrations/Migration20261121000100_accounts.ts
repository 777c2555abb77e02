import { Migration } from '@mikro-orm/migrations';

/** Accounts: users (credentials), profiles (public details) and the roles beyond 'user'. */
export class Migration20261121000100_accounts extends Migration {
  override name = 'Migration20261121000100_accounts';

  override up(): void {
    this.addSql(`
      create table users (
        id uuid primary key default gen_random_uuid(),
        email varchar(254) not null,
        password_hash text not null,
        email_confirmed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint users_email_lower_case check (email = lower(email))
      )`);
    this.addSql('create unique index users_email_unique on users (email)');

    this.addSql(`
      create table profiles (
        id uuid primary key references users (id) on delete cascade,
        email varchar(254) not null,
        first_name varchar(100) null,
        last_name varchar(100) null,
        school_name varchar(200) null,
        grade_level smallint null constraint profiles_grade_level_range check (grade_level between 9 and 12),
        orcid_id varchar(19) null,
        orcid_linked_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create unique index profiles_orcid_id_unique on profiles (orcid_id) where orcid_id is not null');

    this.addSql(`
      create table user_roles (
        user_id uuid not null references users (id) on delete cascade,
        role text not null constraint user_roles_role_check check (role in ('admin', 'reviewer')),
        created_at timestamptz not null default now(),
        constraint user_roles_pkey primary key (user_id, role)
      )`);
    this.addSql('create index user_roles_role_index on user_roles (role)');
  }

  override down(): void {
    this.addSql('drop table if exists user_roles');
    this.addSql('drop table if exists profiles');
    this.addSql('drop table if exists users');
  }
}
