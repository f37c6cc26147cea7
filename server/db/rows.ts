type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** A row's snake_case columns as camelCase properties, with their types. */
export type CamelCased<Row> = { [Column in keyof Row & string as CamelCase<Column>]: Row[Column] }

const camelCase = (column: string) =>
  column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

/**
 * The named columns of a database row as an object of the code's naming (`first_name` becomes `firstName`).
 * Only those columns: what a caller must not see (a password hash, an index key) is simply not named.
 */
export function pickColumns<Row extends object, Column extends keyof Row & string>(
  row: Row,
  columns: readonly Column[],
): CamelCased<Pick<Row, Column>> {
  return Object.fromEntries(columns.map((column) => [camelCase(column), row[column]])) as CamelCased<
    Pick<Row, Column>
  >
}
