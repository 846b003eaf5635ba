import Foundation
import Testing

@testable import QuizlineCore
@testable import QuizlineStorage

/// Hostile device folders against the real binary: a link where this device's folder should be,
/// another device's folder that is a link, a device folder copied under another id, and a damaged
/// identity file. Nothing outside the profile changes, and no answer is lost or counted twice.
@Suite(.serialized) struct DeviceFolderLinkTests {
  /// Every regular file and link below `root` (links not followed) with its bytes or target.
  static func filesBelow(_ root: String) -> [String: Data] {
    var out: [String: Data] = [:]
    let fm = FileManager.default
    for name in (try? fm.subpathsOfDirectory(atPath: root)) ?? [] {
      let path = root + "/" + name
      if let target = try? fm.destinationOfSymbolicLink(atPath: path) {
        out[name] = Data(("-> " + target).utf8)
      } else if let data = fm.contents(atPath: path) {
        out[name] = data
      }
    }
    return out
  }

  /// A state folder of its own: one more device.
  static func device(_ name: String) throws -> [String: String] {
    ["XDG_STATE_HOME": try temporaryDirectory(), "QUIZLINE_DEVICE": name]
  }

  /// Answers counted in the profile as `state`'s device reads it (nil device: as no device).
  static func answers(_ progress: String, device: String? = nil) throws -> Int {
    let layout = ProfileLayout(progressDirectory: progress, profile: "default", device: device)
    let opened = try ProfileOpener.view(layout, now: Timestamp(seconds: 1_900_000_000))
    return opened.progress.questions.values.reduce(0) { $0 + $1.attempts }
  }

  static func onlyDeviceFolder(_ progress: String) throws -> String {
    let ids = try FileManager.default.contentsOfDirectory(atPath: progress + "/default/devices")
    try #require(ids.count == 1, "\(ids)")
    return progress + "/default/devices/" + ids[0]
  }

  @Test func aLinkedOwnDeviceFolderIsRefusedBeforeAnythingIsWrittenAndNoAnswerIsLost() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let laptop = try Self.device("laptop")
    let args = ["--quizzes", quizzes, "--progress", progress]
    // 3 answers, and a snapshot so that the next run would have archived a segment.
    let first = try runBinary(
      args, input: "start big\ntrue\ntrue\ntrue\nquit\n",
      environment: laptop.merging(["QUIZLINE_SNAPSHOT_EVERY": "2"]) { $1 })
    #expect(first.status == 0, "\(first.stderr)")
    let own = try Self.onlyDeviceFolder(progress)
    let outside = try temporaryDirectory() + "/moved"
    try FileManager.default.moveItem(atPath: own, toPath: outside)
    try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: outside)
    let before = Self.filesBelow(outside)
    #expect(before.keys.contains { $0.hasPrefix("archive/") }, "\(before.keys.sorted())")

    let again = try runBinary(
      args, input: "start big\ntrue\ntrue\nquit\n", environment: laptop.merging(["QUIZLINE_SNAPSHOT_EVERY": "2"]) { $1 }
    )
    #expect(again.status == 74)
    #expect(
      again.stderr.contains("quizline: \(own): this device's folder is a symbolic link"), "\(again.stderr)")
    #expect(again.stderr.contains("nothing was read or written"), "\(again.stderr)")
    let status = try runBinary(args + ["status"], environment: laptop)
    #expect(status.status == 74, "\(status.stderr)")
    // A report reads the profile as no device in particular: the folder is not followed, and said so.
    let report = try runBinary(args + ["report", "-f", "md"], environment: laptop)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains("folder is a symbolic link, not read (\(own))"), "\(report.stderr)")
    #expect(Self.filesBelow(outside) == before, "the folder the link points at changed")

    // Put back as a real folder: every answer recorded before is there.
    try FileManager.default.removeItem(atPath: own)
    try FileManager.default.moveItem(atPath: outside, toPath: own)
    let restored = try runBinary(args + ["status"], environment: laptop)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try Self.answers(progress) == 3)
  }

  @Test func aLinkedArchiveOrDevicesFolderIsRefusedToo() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let laptop = try Self.device("laptop")
    for linked in ["archive", "devices", "profile"] {
      let progress = try temporaryDirectory()
      let args = ["--quizzes", quizzes, "--progress", progress]
      let first = try runBinary(
        args, input: "start big\ntrue\nquit\n", environment: laptop.merging(["QUIZLINE_SNAPSHOT_EVERY": "1"]) { $1 })
      #expect(first.status == 0, "\(first.stderr)")
      let own = try Self.onlyDeviceFolder(progress)
      let path = [
        "archive": own + "/archive", "devices": progress + "/default/devices", "profile": progress + "/default",
      ][
        linked]!
      let outside = try temporaryDirectory() + "/moved"
      try FileManager.default.moveItem(atPath: path, toPath: outside)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
      let before = Self.filesBelow(outside)
      let run = try runBinary(args, input: "start big\ntrue\nquit\n", environment: laptop)
      #expect(run.status == 74, "\(linked): \(run.stderr)")
      #expect(run.stderr.hasPrefix("quizline: \(path): "), "\(linked): \(run.stderr)")
      #expect(run.stderr.contains("symbolic link"), "\(linked): \(run.stderr)")
      #expect(Self.filesBelow(outside) == before, "\(linked): the folder the link points at changed")
    }
  }

  @Test func anotherDevicesLinkedFolderIsNotReadAndEveryCommandSaysSo() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let args = ["--quizzes", quizzes, "--progress", progress]
    let laptop = try Self.device("laptop")
    let desktop = try Self.device("desktop")
    #expect(try runBinary(args, input: "start big\ntrue\ntrue\nquit\n", environment: laptop).status == 0)
    let laptopFolder = try Self.onlyDeviceFolder(progress)
    #expect(try runBinary(args, input: "start big\ntrue\nquit\n", environment: desktop).status == 0)
    let desktopID = try FileManager.default.contentsOfDirectory(atPath: progress + "/default/devices")
      .first { !laptopFolder.hasSuffix($0) }!
    let desktopFolder = progress + "/default/devices/" + desktopID
    #expect(try Self.answers(progress) == 3)
    let outside = try temporaryDirectory() + "/desktop"
    try FileManager.default.moveItem(atPath: desktopFolder, toPath: outside)
    try FileManager.default.createSymbolicLink(atPath: desktopFolder, withDestinationPath: outside)
    let before = Self.filesBelow(outside)

    let said = "device \(desktopID.prefix(8)): folder is a symbolic link, not read (\(desktopFolder))"
    let start = try runBinary(args, input: "start big\ntrue\nquit\n", environment: laptop)
    #expect(start.status == 0, "\(start.stderr)")
    #expect((start.stdout + start.stderr).contains(said), "\(start.stdout)\n\(start.stderr)")
    for command in [["status"], ["report", "-f", "md"], ["report", "-f", "csv"], ["--read-only"]] {
      let run = try runBinary(args + command, environment: laptop)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(run.stderr.contains(said), "\(command): \(run.stderr)")
    }
    #expect(Self.filesBelow(outside) == before, "the linked device's files changed")
    // The laptop's own 3 answers count; the desktop's answer is left out, not lost.
    #expect(try Self.answers(progress) == 3)
    try FileManager.default.removeItem(atPath: desktopFolder)
    try FileManager.default.moveItem(atPath: outside, toPath: desktopFolder)
    #expect(try Self.answers(progress) == 4)
  }

  @Test func aDeviceFolderCopiedUnderAnotherIdIsNotCountedTwice() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let args = ["--quizzes", quizzes, "--progress", progress]
    let laptop = try Self.device("laptop")
    #expect(try runBinary(args, input: "start big\ntrue\ntrue\nquit\n", environment: laptop).status == 0)
    let original = try Self.onlyDeviceFolder(progress)
    let originalID = String(original.split(separator: "/").last!)
    // The copy claims the same id and name, with another tag (so the tag check does not catch it).
    let copy = progress + "/default/devices/cccc2222cccc2222cccc2222cccc2222"
    try FileManager.default.copyItem(atPath: original, toPath: copy)
    let record = try #require(DeviceRecord.read(copy + "/device.json"))
    var changed = record
    changed.tag = record.tag == 7 ? 8 : 7
    try Data(changed.json.utf8).write(to: URL(fileURLWithPath: copy + "/device.json"))
    let copyBefore = Self.filesBelow(copy)

    let status = try runBinary(args + ["status"], environment: laptop)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(
      status.stderr.contains(
        "device 'laptop': its device.json names device \(originalID) (whose own folder \(original) is read), not this folder's id, not read (\(copy)); its answers are not counted a second time"
      ), "\(status.stderr)")
    #expect(try Self.answers(progress) == 2)
    let more = try runBinary(args, input: "start big\ntrue\nquit\n", environment: laptop)
    #expect(more.status == 0, "\(more.stderr)")
    #expect(try Self.answers(progress) == 3)
    #expect(Self.filesBelow(copy) == copyBefore)
  }

  @Test func readOnlyCommandsWorkWithADamagedIdentityAndNameIt() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let args = ["--quizzes", quizzes, "--progress", progress]
    let laptop = try Self.device("laptop")
    #expect(try runBinary(args, input: "start big\ntrue\ntrue\nquit\n", environment: laptop).status == 0)
    let identity = laptop["XDG_STATE_HOME"]! + "/quizline/device.json"
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: identity))
    // `list` and `report` never need the identity; `status` and `--read-only` read as this device.
    for command in [["list"], ["report", "-f", "json"]] {
      let run = try runBinary(args + command, environment: laptop)
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    for command in [["status"], ["--read-only"]] {
      let run = try runBinary(args + command, input: "status\nquit\n", environment: laptop)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(run.stderr.contains("\(identity) is not a quizline device identity"), "\(command): \(run.stderr)")
      #expect(run.stderr.contains("Read-only until then"), "\(command): \(run.stderr)")
      #expect(run.stdout.contains("2 answers"), "\(command): \(run.stdout)")
    }
    // Recording still needs the identity: refused, and the damaged file is left as it was.
    let write = try runBinary(args, input: "start big\ntrue\nquit\n", environment: laptop)
    #expect(write.status == 65, "\(write.stderr)")
    #expect(try String(contentsOfFile: identity, encoding: .utf8) == "{ not json")
    #expect(try Self.answers(progress) == 2)
  }

  @Test func anotherDevicesNameWithTerminalEscapesIsShownEscaped() throws {
    let quizzes = try makeTrueFalseCatalog(count: 3)
    let progress = try temporaryDirectory()
    let args = ["--quizzes", quizzes, "--progress", progress]
    let laptop = try Self.device("laptop")
    #expect(try runBinary(args, input: "start big\ntrue\nquit\n", environment: laptop).status == 0)
    // Another device's folder as a sync tool delivers it: a record whose name holds escapes, a
    // journal of one answer, and a copy of that folder under another id.
    let folder = progress + "/default/devices/dddd3333dddd3333dddd3333dddd3333"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let hostile = DeviceRecord(
      id: "dddd3333dddd3333dddd3333dddd3333", name: "\u{1B}]0;owned\u{07}\u{1B}[2Jdesk", tag: 77,
      createdAt: Timestamp(seconds: 1_796_000_000))
    try Data(hostile.json.utf8).write(to: URL(fileURLWithPath: folder + "/device.json"))
    let answer = RecordedEvent(
      sequence: DeviceSequence.base(of: 77) + 1, at: Timestamp(seconds: 1_796_000_100),
      payload: .answered(
        AnswerRecord(
          run: 0, question: QuestionRef(bank: "big", question: "q2"), response: "true", score: 1, seconds: 2,
          rating: .good)))
    try Data((EventCoding.encode(answer) + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/journal.jsonl"))
    try FileManager.default.copyItem(
      atPath: folder, toPath: progress + "/default/devices/eeee4444eeee4444eeee4444eeee4444")
    for run in [
      try runBinary(args, input: "quit\n", environment: laptop), try runBinary(args + ["status"], environment: laptop),
    ] {
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!(run.stdout + run.stderr).unicodeScalars.contains("\u{1B}"), "\(run.stderr)")
      #expect(!(run.stdout + run.stderr).unicodeScalars.contains("\u{07}"), "\(run.stderr)")
    }
    let start = try runBinary(args, input: "quit\n", environment: laptop)
    #expect(start.stderr.contains("desk'"), "\(start.stderr)")
    #expect(try Self.answers(progress) == 2)
  }
}
