import type { Query } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../database.js';

/** What a prepared select keeps besides its text: how its rows map back to the selection. */
interface Template {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  joinsNotNullableMap: Record<string, boolean> | undefined;
}

/**
 * A named statement that hot paths run inside their own transactions (an order's row locks).
 * Drizzle renders a builder's SQL each time it is prepared, and a transaction has its own
 * connection, so a query prepared once cannot be reused there; this renders the text once per
 * process and prepares it on each caller's connection by name (PostgreSQL parses and plans it
 * once per connection). `build` must not depend on its values: pass them as placeholders.
 */
export function reusedStatement<Q extends PgPreparedQuery<PreparedQueryConfig>>(
  name: string,
  build: (db: DbOrTx, name: string) => Q,
): (db: DbOrTx) => Q {
  let template: Template | undefined;
  return (db) => {
    if (!template) {
      const prepared = build(db, name);
      const internal = prepared as unknown as Omit<Template, 'query'>;
      template = {
        query: prepared.getQuery(),
        fields: internal.fields,
        joinsNotNullableMap: internal.joinsNotNullableMap,
      };
      return prepared;
    }
    const prepared = db._.session.prepareQuery(template.query, template.fields, name, true);
    (prepared as unknown as Pick<Template, 'joinsNotNullableMap'>).joinsNotNullableMap =
      template.joinsNotNullableMap;
    return prepared as Q;
  };
}
