import QuizlineCore
import QuizlineStorage

/// A file system of a few in-memory files, so the loader can be fuzzed without touching the disk.
struct MemoryFileSource: FileSource {
  var files: [String: [UInt8]]

  func kind(of path: String) -> FileKind {
    if let bytes = files[path] { return .regular(size: bytes.count) }
    return files.keys.contains { $0.hasPrefix(path + "/") } ? .directory : .missing
  }

  func entries(of directory: String) throws(FileReadError) -> [String] {
    files.keys.filter { $0.hasPrefix(directory + "/") }.map { String($0.dropFirst(directory.count + 1)) }
  }

  func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
    guard let bytes = files[path] else { throw .missing }
    guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
    return bytes
  }
}
