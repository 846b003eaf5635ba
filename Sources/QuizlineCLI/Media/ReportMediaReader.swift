import QuizlineCore
import QuizlineFormats
import QuizlineReports
import QuizlineStorage

/// The HTML report's reader of the images question texts name: resolved as the terminal resolves
/// them (``MediaPaths``, relative to the folder of the question's bank, never outside it) and read
/// up to the report's limit; nil (the placeholder stays) when missing, refused or too large.
enum ReportMediaReader {
  static func media(sources: [String: String], files: any FileSource) -> ReportMedia {
    ReportMedia { bank, source, limit in
      let base = CatalogLoadResult.sourceKey("bank", bank)
      guard case .success(let path) = MediaPaths.resolve(base: base, source: source, sources: sources) else {
        return nil
      }
      guard let bytes = try? files.read(path, limit: limit) else { return nil }
      return bytes
    }
  }
}
