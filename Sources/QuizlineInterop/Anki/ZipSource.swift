/// Where a ``ZipArchive`` reads its bytes: the whole archive in memory, or a file read at offsets
/// (`pread`), so that a package of pictures is never held whole: its end and central directory are
/// read when it is opened, each entry when it is asked for.
public protocol ZipSource: Sendable {
  /// The archive's size in bytes.
  var count: Int { get }
  /// The `count` bytes at `offset`; both lie within the archive (the caller checked them against ``count``).
  func bytes(at offset: Int, count: Int) throws(PackageError) -> [UInt8]
}

extension Array: ZipSource where Element == UInt8 {
  public func bytes(at offset: Int, count: Int) throws(PackageError) -> [UInt8] {
    Array(self[offset..<(offset + count)])
  }
}
