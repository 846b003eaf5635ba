import Testing

@testable import QuizlineCore

extension SchedulingTests {
  @Suite struct FuzzRandomTests {
    /// `random.seed(seed); [random.random() for _ in range(3)]` and the 701st value, from CPython 3.11.
    @Test(arguments: [
      (42, [0.6394267984578837, 0.025010755222666936, 0.27502931836911926], 0.6476347234024807),
      (0, [0.8444218515250481, 0.7579544029403025, 0.420571580830845], 0.6380736282281027),
      (12345, [0.41661987254534116, 0.010169169457068361, 0.8252065092537432], 0.6799084155778294),
      (
        1_099_511_627_781, [0.5043802970418443, 0.2686044399723282, 0.9257865475671585],
        0.888542151394799
      ),
      (-7, [0.32383276483316237, 0.15084917392450192, 0.6509344730398537], 0.33805157034346633),
    ])
    func pythonRandomMatchesCPython(seed: Int, first: [Double], later: Double) {
      var r = PythonRandom(seed: seed)
      #expect((0..<3).map { _ in r.nextUniform() } == first)
      for _ in 3..<700 { _ = r.nextUniform() }
      #expect(r.nextUniform() == later)
    }

    @Test func pythonRandomTakesSixtyFourBitSeeds() {
      var r = PythonRandom(seed: UInt64.max)
      #expect(r.nextUniform() == 0.021825695401270107)
    }

    @Test func splitMixIsDeterministicAndInUnitInterval() {
      var a = SplitMix64(seed: 7)
      var b = SplitMix64(seed: 7)
      for _ in 0..<10_000 {
        let u = a.nextUniform()
        #expect(u == b.nextUniform())
        #expect(u >= 0 && u < 1)
      }
    }
  }
}
