import CSQLite
import Foundation
import QuizlineCore

/// A thin wrapper over the system SQLite: a database opened from bytes in memory
/// (`sqlite3_deserialize`, read-only use) or created in memory and serialized (for writing
/// packages), statements stepped one row at a time (a large table is never held whole).
final class SQLiteDatabase {
  private var db: OpaquePointer?

  /// An empty database in memory.
  init() throws(PackageError) {
    guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
      throw PackageError("SQLite could not open a database in memory")
    }
  }

  /// The database whose file image is `bytes`; `what` names it in errors.
  init(bytes: [UInt8], what: String) throws(PackageError) {
    guard bytes.count >= 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw PackageError("\(what) is not an SQLite database")
    }
    guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
      throw PackageError("SQLite could not open a database in memory")
    }
    let size = bytes.count
    guard let buffer = sqlite3_malloc64(sqlite3_uint64(size)) else {
      throw PackageError("out of memory for \(what)")
    }
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: size) }
    // A database saved in WAL mode (bytes 18 and 19 are 2) cannot be read from memory: mark it as a
    // rollback-journal database, which is what it is once its WAL was checkpointed (as in a package).
    let header = buffer.assumingMemoryBound(to: UInt8.self)
    if header[18] == 2 { header[18] = 1 }
    if header[19] == 2 { header[19] = 1 }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
    let rc = sqlite3_deserialize(
      db, "main", buffer.assumingMemoryBound(to: UInt8.self), sqlite3_int64(size), sqlite3_int64(size), flags)
    guard rc == SQLITE_OK else { throw PackageError("\(what) is not a readable SQLite database") }
    // A damaged file shows itself at the first read of its schema.
    guard (try? query("SELECT count(*) FROM sqlite_master", []) { _ in }) != nil else {
      throw PackageError("\(what) is not a readable SQLite database (damaged or not SQLite)")
    }
  }

  deinit { sqlite3_close_v2(db) }

  var errorMessage: String { String(cString: sqlite3_errmsg(db)) }

  /// Runs SQL without results (several statements allowed).
  func execute(_ sql: String) throws(PackageError) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw PackageError("SQLite: \(errorMessage)") }
  }

  /// The column names of `table`; empty when there is no such table.
  func columns(of table: String) -> Set<String> {
    var names: Set<String> = []
    try? query("PRAGMA table_info(\(table))") { row in names.insert(row.text(1)) }
    return names
  }

  /// Runs `sql` with `bindings`, calling `row` for each result row as it is stepped.
  func query(_ sql: String, _ bindings: [SQLiteValue] = [], _ row: (SQLiteRow) throws(PackageError) -> Void)
    throws(PackageError)
  {
    var stmt: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
      throw PackageError("SQLite: \(errorMessage)")
    }
    defer { sqlite3_finalize(stmt) }
    try bind(bindings, to: stmt)
    while true {
      let rc = sqlite3_step(stmt)
      if rc == SQLITE_DONE { return }
      guard rc == SQLITE_ROW else { throw PackageError("SQLite: \(errorMessage)") }
      try row(SQLiteRow(stmt: stmt))
    }
  }

  /// A statement run once per element of `rows` (inserts).
  func insert(_ sql: String, _ rows: [[SQLiteValue]]) throws(PackageError) {
    var stmt: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
      throw PackageError("SQLite: \(errorMessage)")
    }
    defer { sqlite3_finalize(stmt) }
    for values in rows {
      sqlite3_reset(stmt)
      try bind(values, to: stmt)
      guard sqlite3_step(stmt) == SQLITE_DONE else { throw PackageError("SQLite: \(errorMessage)") }
    }
  }

  private func bind(_ values: [SQLiteValue], to stmt: OpaquePointer) throws(PackageError) {
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (i, v) in values.enumerated() {
      let n = Int32(i + 1)
      let rc: Int32
      switch v {
      case .int(let x): rc = sqlite3_bind_int64(stmt, n, x)
      case .double(let x): rc = sqlite3_bind_double(stmt, n, x)
      case .text(let s): rc = sqlite3_bind_text(stmt, n, s, -1, transient)
      case .blob(let b):
        rc = b.withUnsafeBytes { sqlite3_bind_blob(stmt, n, $0.baseAddress, Int32($0.count), transient) }
      }
      guard rc == SQLITE_OK else { throw PackageError("SQLite: \(errorMessage)") }
    }
  }

  /// The database's file image.
  func serialized() throws(PackageError) -> [UInt8] {
    var size: sqlite3_int64 = 0
    guard let p = sqlite3_serialize(db, "main", &size, 0) else { throw PackageError("SQLite could not serialize") }
    defer { sqlite3_free(p) }
    return Array(UnsafeBufferPointer(start: p, count: Int(size)))
  }
}

enum SQLiteValue {
  case int(Int64)
  case double(Double)
  case text(String)
  case blob([UInt8])
}

/// One result row, valid only inside the row callback.
struct SQLiteRow {
  let stmt: OpaquePointer

  func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
  func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
  func text(_ i: Int32) -> String {
    guard let p = sqlite3_column_text(stmt, i) else { return "" }
    let n = Int(sqlite3_column_bytes(stmt, i))
    return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
  }
  func blob(_ i: Int32) -> [UInt8] {
    let n = Int(sqlite3_column_bytes(stmt, i))
    guard n > 0, let p = sqlite3_column_blob(stmt, i) else { return [] }
    return Array(UnsafeRawBufferPointer(start: p, count: n))
  }
}
