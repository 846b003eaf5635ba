import Foundation
import QuizlineCore
import QuizlineFormats

/// Reads one file of another tool's question format into a quizline ``Bank`` (and study notes),
/// with located diagnostics and the losses of the conversion (``ImportResult``). Every format's
/// importer conforms, so the CLI, `check`, the fuzz targets and the tests drive them alike.
protocol QuestionImporter: Sendable {
  /// The bank id to use; nil derives it from the file name.
  var bankID: String? { get set }
  /// The bank title to use; nil derives it from the file name.
  var bankTitle: String? { get set }

  init(bankID: String?, bankTitle: String?)

  /// Imports the file's bytes; `path` is the name diagnostics show.
  func read(bytes: [UInt8], path: String) -> ImportResult
}

extension QuestionImporter {
  /// Imports the file's bytes; `path` is the name diagnostics show.
  public func read(_ data: Data, path: String) -> ImportResult {
    read(bytes: [UInt8](data), path: path)
  }

  /// Imports already decoded text.
  public func read(text: String, path: String) -> ImportResult {
    read(bytes: Array(text.utf8), path: path)
  }
}
