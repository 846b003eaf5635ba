import QuizlineInterop
import QuizlineStorage

/// An Anki package as the import reads it: a file read at offsets when the file source can (its end,
/// its central directory, then each entry as it is asked for: a package of pictures is never held
/// whole), else the bytes read whole.
struct AnkiPackageFile: ZipSource {
  let file: RandomAccessFile

  var count: Int { file.size }

  func bytes(at offset: Int, count: Int) throws(PackageError) -> [UInt8] {
    do {
      return try file.read(at: offset, count: count)
    } catch {
      let reason = if case .io(let why) = error { why } else { error.message }
      throw PackageError("the package could not be read: \(reason)", isReadFailure: true)
    }
  }

  /// The package at `path` (at most `limit` bytes), with the refusals of ``FileSource/read(_:limit:)``.
  static func open(_ path: String, limit: Int, _ files: any FileSource) throws(FileReadError) -> any ZipSource {
    if let file = try files.openForReadsAt(path, limit: limit) { return AnkiPackageFile(file: file) }
    return try files.read(path, limit: limit)
  }
}
