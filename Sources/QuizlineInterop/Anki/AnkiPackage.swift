import Foundation
import QuizlineCore

/// An Anki package (`.apkg`, `.colpkg`) opened from its bytes: which collection it holds (the newest
/// present: `collection.anki21b`, zstd-compressed; else `collection.anki21`; else `collection.anki2`),
/// and its media (legacy: a JSON map `{"0": "name"}`; latest: a zstd-compressed `MediaEntries`
/// protobuf, each file zstd-compressed too). Media names are checked: a name with a path in it
/// (`../x`, `/etc/x`, `a/b`) refuses the whole package.
struct AnkiPackage {
  /// 1 (`collection.anki2`), 2 (`collection.anki21`) or 3 (`collection.anki21b`).
  var version: Int { media.version }
  let collection: AnkiCollection
  /// The media files, read from the archive when asked for (kept by the import once the collection is done).
  let media: AnkiPackageMedia

  init(bytes: [UInt8], limits: ZipLimits = .default) throws(PackageError) {
    try self.init(source: bytes, limits: limits)
  }

  /// The package in `source` (its collection read now, its media files when asked for).
  init(source: any ZipSource, limits: ZipLimits = .default) throws(PackageError) {
    let zip = try ZipArchive(source: source, limits: limits)
    var metaVersion: Int?
    if let e = zip.entry("meta") {
      metaVersion = ProtoReader.fields(try zip.data(e)[...]).flatMap { ProtoReader.int($0, 1) }.map {
        Int(clamping: $0)
      }
    }
    let name: String
    let version: Int
    if let e = zip.entry("collection.anki21b"), metaVersion.map({ $0 >= 3 }) ?? true {
      name = e.name
      version = 3
    } else if zip.entry("collection.anki21") != nil {
      name = "collection.anki21"
      version = 2
    } else if zip.entry("collection.anki2") != nil {
      name = "collection.anki2"
      version = 1
    } else {
      throw PackageError("not an Anki package (no collection.anki21b, collection.anki21 or collection.anki2 inside)")
    }
    var db = try zip.data(zip.entry(name)!)
    if version == 3 {
      db = try Zstd.decompress(
        db, limit: limits.maxEntryBytes, maxRatio: limits.maxRatio, ratioFloor: limits.ratioFloor, what: name)
    }
    collection = try AnkiCollection(bytes: db, what: name)
    let list = try Self.mediaList(zip, latest: version == 3, limits: limits)
    media = AnkiPackageMedia(zip: zip, version: version, files: list)
  }

  private static func mediaList(_ zip: ZipArchive, latest: Bool, limits: ZipLimits) throws(PackageError)
    -> [(name: String, entry: ZipArchive.Entry)]
  {
    guard let entry = zip.entry("media") else { return [] }
    var raw = try zip.data(entry)
    var names: [(String, String)] = []  // (zip entry, media name)
    if latest {
      raw = try Zstd.decompress(
        raw, limit: limits.maxEntryBytes, maxRatio: limits.maxRatio, ratioFloor: limits.ratioFloor, what: "media")
      guard let fields = ProtoReader.fields(raw[...]) else { throw PackageError("the media list is damaged") }
      var index = 0
      for (number, value) in fields where number == 1 {
        guard case .bytes(let b) = value, let e = ProtoReader.fields(b) else {
          throw PackageError("the media list is damaged")
        }
        let zipName = ProtoReader.int(e, 255).map { String($0) } ?? String(index)
        names.append((zipName, ProtoReader.string(e, 1) ?? ""))
        index += 1
      }
    } else if !raw.isEmpty {
      guard let map = try? JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any] else {
        throw PackageError("the media list is not a JSON object")
      }
      for (key, value) in map {
        guard let name = value as? String else { throw PackageError("the media list is damaged at \(quoted(key))") }
        names.append((key, name))
      }
    }
    var out: [(name: String, entry: ZipArchive.Entry)] = []
    for (zipName, name) in names.sorted(by: { $0.1 < $1.1 }) {
      if let problem = unsafeMediaName(name) {
        throw PackageError("media file name \(quoted(name, limit: 80)) \(problem); the package is refused")
      }
      guard let e = zip.entry(zipName) else {
        throw PackageError("media file \(quoted(name)) is listed but its entry \(quoted(zipName)) is missing")
      }
      out.append((name, e))
    }
    return out
  }

  /// Why `name` cannot be a media file name (a path, a parent reference, a control character); nil if fine.
  static func unsafeMediaName(_ name: String) -> String? {
    if name.isEmpty || name == "." || name == ".." { return "is empty or a folder reference" }
    if name.hasPrefix("/") || name.hasPrefix("\\") { return "is an absolute path" }
    if name.contains("/") || name.contains("\\") { return "names a folder (\(name.contains("..") ? "../ " : "")path)" }
    if name.unicodeScalars.contains(where: { isControl($0) }) { return "holds a control character" }
    return nil
  }
}

/// A package's media files: their names (as the notes use them), the zip entry holding each, and their
/// bytes read from the archive one file at a time.
struct AnkiPackageMedia {
  let zip: ZipArchive
  /// The package's version (3: each file is zstd-compressed).
  let version: Int
  /// Media file names and the zip entry holding each, by name.
  let files: [(name: String, entry: ZipArchive.Entry)]
  /// The position in ``files`` of the first file of each name.
  let byName: [String: Int]
  /// One context for every file's decompression.
  let zstd = ZstdContext()

  init(zip: ZipArchive, version: Int, files: [(name: String, entry: ZipArchive.Entry)]) {
    self.zip = zip
    self.version = version
    self.files = files
    byName = Dictionary(files.indices.map { (files[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// A media file's bytes.
  func data(_ entry: ZipArchive.Entry) throws(PackageError) -> [UInt8] {
    let raw = try zip.data(entry)
    guard version == 3 else { return raw }
    return try Zstd.decompress(
      raw, limit: zip.limits.maxEntryBytes, maxRatio: zip.limits.maxRatio, ratioFloor: zip.limits.ratioFloor,
      what: "media entry \(entry.name)", context: zstd)
  }
}
