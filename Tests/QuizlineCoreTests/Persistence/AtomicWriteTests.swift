import Foundation
import QuizlineCore
import Testing

@testable import QuizlineStorage

#if canImport(Glibc)
  import Glibc
#endif

/// `FileOps.writeAtomically`, the write behind the snapshot, backups, journal repairs and device
/// records: the new content is durable before it takes the file's name, and a failure leaves the
/// file as it was. Written for mutants FB30 and FB31.
@Suite struct AtomicWriteTests {
  func folderWithFile(_ content: String) throws -> (folder: String, path: String) {
    let folder = try temporaryDirectory()
    let path = folder + "/snapshot.json"
    try Data(content.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  /// The inode and size of the open file `fd`.
  func identity(fd: Int32) -> (inode: UInt, size: Int) {
    var st = stat()
    return fstat(fd, &st) == 0 ? (UInt(st.st_ino), Int(st.st_size)) : (0, -1)
  }

  /// The inode and size of the file named `path`.
  func identity(path: String) -> (inode: UInt, size: Int) {
    var st = stat()
    return stat(path, &st) == 0 ? (UInt(st.st_ino), Int(st.st_size)) : (0, -1)
  }

  /// The order that makes a power cut harmless: the new content is written whole and synced while
  /// the name still holds the old content, and only then renamed into place.
  @Test func theNewContentIsSyncedBeforeItTakesTheName() throws {
    let (_, path) = try folderWithFile("old")
    var syncs: [(synced: (inode: UInt, size: Int), atName: String)] = []
    try FileOps.writeAtomically(Array("new!".utf8), to: path) { fd in
      syncs.append((identity(fd: fd), (try? read(path)) ?? ""))
      return fsync(fd)
    }
    #expect(syncs.count == 1, "the temporary file is synced once")
    #expect(syncs.first?.synced.size == 4, "the whole new content was written before the sync")
    #expect(syncs.first?.atName == "old", "the name still held the old content when it was synced")
    #expect(try read(path) == "new!")
    #expect(identity(path: path).inode == syncs.first?.synced.inode, "the synced file is the one renamed into place")
  }

  /// A failed flush (a full disk, an I/O error) throws, leaves the file as it was and removes the
  /// temporary file: "on failure the temporary file is removed and path is untouched".
  @Test func aFailedSyncLeavesTheFileAsItWasAndNoTemporary() throws {
    let (folder, path) = try folderWithFile("old")
    #expect {
      try FileOps.writeAtomically(Array("new".utf8), to: path) { _ in
        errno = EIO
        return -1
      }
    } throws: { error in
      (error as? JournalError)?.message.hasPrefix("cannot flush \(FileOps.temporaryName(path)): ") == true
    }
    #expect(try read(path) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["snapshot.json"])
  }

  /// Content made in pieces (the snapshot, issue 36): every piece is written, in order, before the one
  /// sync, and the name holds the old content until the whole new one is durable.
  @Test func piecesAreWrittenWholeBeforeTheSyncAndTheRename() throws {
    let (_, path) = try folderWithFile("old")
    var syncs: [(synced: (inode: UInt, size: Int), atName: String)] = []
    try FileOps.writeAtomically(
      to: path,
      syncFile: { fd in
        syncs.append((identity(fd: fd), (try? read(path)) ?? ""))
        return fsync(fd)
      },
      producing: { write in
        for piece in ["ne", "", "w", "!!"] {
          write(Array(piece.utf8))
          #expect((try? read(path)) == "old", "the name keeps the old content while pieces are written")
        }
      })
    #expect(syncs.count == 1 && syncs.first?.synced.size == 5 && syncs.first?.atName == "old")
    #expect(try read(path) == "new!!")
  }
}
