/// A setting changed in this sitting: the sequence number of its `settingsChanged` event, the key
/// named, and the settings before it.
struct SettingsUndo: Sendable, Equatable {
  var sequence: Int
  var key: SettingKey
  var previous: ProfileSettings
}

extension Reducer {
  /// `undo`: takes back the last step (an answer, a grade, a completion, a reset, or a setting
  /// changed in this sitting) and says what it took back. The learner stays where they are: inside
  /// a quiz at the question taken back, at home at home. An answer of a quiz that has ended is taken
  /// back and the quiz stays ended (an `undone` followed by the run's `runEnded` again).
  static func undo(_ state: inout AppState, _ context: Context) -> Reduction {
    let entry = state.progress.undoStack.last
    if let change = state.settingsUndo.last, change.sequence > (entry?.sequence ?? 0) {
      state.settingsUndo.removeLast()
      let key = change.key
      state.display = [
        .undone(summary: "change of \(key.rawValue) (back to \(key.value(in: change.previous)))")
      ]
      return Reduction(events: [.settingsChanged(change.previous)])
    }
    guard let entry else {
      return fail(
        &state, "there is nothing to undo",
        hint:
          "undo takes back answers of the current quiz, grades, completions, resets, and settings changed since quizline started."
      )
    }
    var events: [EventPayload] = [.undone(target: entry.sequence)]
    var blocks: [Block] = [.undone(summary: entry.summary)]
    if let runID = entry.movedRun {
      if state.progress.activeRun == nil, let ended = state.progress.runs.last(where: { $0.id == runID }) {
        // Undoing puts the run back (the undo entry holds it); ending it again keeps it ended.
        events.append(.runEnded(run: runID, reason: ended.endReason ?? .ended))
        blocks.append(
          .notice(
            "That quiz had ended, so it stays ended; its score no longer counts the answer. Type retry to practise what was missed."
          ))
      } else if state.quiz != nil, state.progress.activeRun?.id == runID {
        state.quiz = .asking(shownAt: context.now)
        blocks.append(.currentQuestion)
      } else if state.progress.activeRun?.id == runID {
        blocks.append(.notice("Type resume to answer it again."))
      }
    } else if state.quiz != nil {
      blocks.append(.currentQuestion)
    }
    state.display = blocks
    return Reduction(events: events)
  }
}
