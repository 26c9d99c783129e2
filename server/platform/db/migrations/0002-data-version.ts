import { sql, type Kysely, type Migration } from 'kysely'

/*
 * vendor_accounts.data_version: a number the database raises on every change of what a vendor's
 * portfolio answers are made of — the account's registration details, its portfolio draft and
 * its device records (submit, delete, every status a certification run writes). The main
 * service keeps the serialized get and list answers per account and version
 * (server/http/answer-cache.ts), so a repeated read costs no query beyond the session lookup,
 * which reads the version with the session. Triggers keep the number right whoever writes —
 * this process, another process on the same PostgreSQL, or an operator's SQL.
 */

const statements = [
  `alter table vendor_accounts add column data_version bigint not null default 0`,

  `create function raise_account_data_version() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update vendor_accounts set data_version = data_version + 1 where id = old.account_id;
      return old;
    end if;
    update vendor_accounts set data_version = data_version + 1 where id = new.account_id;
    return new;
  end
  $$`,
  `create trigger device_records_data_version after insert or update or delete on device_records
    for each row execute function raise_account_data_version()`,
  `create trigger portfolio_drafts_data_version after insert or update or delete on portfolio_drafts
    for each row execute function raise_account_data_version()`,

  // The registration details prefill the portfolio form (the get answer).
  `create function raise_own_data_version() returns trigger language plpgsql as $$
  begin
    if (old.email, old.first_name, old.last_name, old.organization, old.phone_number,
        old.country_code, old.country, old.state, old.city)
       is distinct from
       (new.email, new.first_name, new.last_name, new.organization, new.phone_number,
        new.country_code, new.country, new.state, new.city) then
      new.data_version := old.data_version + 1;
    end if;
    return new;
  end
  $$`,
  `create trigger vendor_accounts_data_version before update on vendor_accounts
    for each row execute function raise_own_data_version()`,
]

export const dataVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('drop trigger if exists vendor_accounts_data_version on vendor_accounts').execute(db)
    await sql.raw('drop trigger if exists portfolio_drafts_data_version on portfolio_drafts').execute(db)
    await sql.raw('drop trigger if exists device_records_data_version on device_records').execute(db)
    await sql.raw('drop function if exists raise_own_data_version()').execute(db)
    await sql.raw('drop function if exists raise_account_data_version()').execute(db)
    await sql.raw('alter table vendor_accounts drop column if exists data_version').execute(db)
  },
}
