/// A source of uniform doubles in [0, 1) for interval fuzz, passed in so scheduling stays pure and
/// replayable.
public protocol FuzzRandom {
  /// The next uniform double in [0, 1).
  mutating func nextUniform() -> Double
}

/// CPython's `random` module generator: MT19937 seeded like `random.seed(n)` for an integer `n`,
/// with `nextUniform()` bit-identical to `random.random()`.
///
/// With it, fuzzed schedules reproduce py-fsrs's after `random.seed(n)` (py-fsrs draws its fuzz
/// from the global `random.random()`).
public struct PythonRandom: FuzzRandom, Sendable {
  private var state: [UInt32]
  private var index: Int

  /// Seeded like Python's `random.seed(seed)`: the magnitude of `seed`, split into 32-bit words
  /// least significant first, fed to MT19937's `init_by_array`.
  public init(seed: Int) {
    self.init(seed: UInt64(seed.magnitude))
  }

  /// Seeded like Python's `random.seed(seed)` for a non-negative integer.
  public init(seed: UInt64) {
    let low = UInt32(truncatingIfNeeded: seed)
    let high = UInt32(truncatingIfNeeded: seed >> 32)
    self.init(key: high == 0 ? [low] : [low, high])
  }

  /// Seeded by MT19937's `init_by_array(key)` (`key` empty is taken as `[0]`, like Python).
  public init(key: [UInt32]) {
    let key = key.isEmpty ? [UInt32(0)] : key
    var mt = [UInt32](repeating: 0, count: 624)
    mt[0] = 19_650_218
    for i in 1..<624 {
      mt[i] = 1_812_433_253 &* (mt[i - 1] ^ (mt[i - 1] >> 30)) &+ UInt32(i)
    }
    var i = 1
    var j = 0
    for _ in 0..<max(624, key.count) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
      i += 1
      j += 1
      if i >= 624 {
        mt[0] = mt[623]
        i = 1
      }
      if j >= key.count { j = 0 }
    }
    for _ in 0..<623 {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
      i += 1
      if i >= 624 {
        mt[0] = mt[623]
        i = 1
      }
    }
    mt[0] = 0x8000_0000
    state = mt
    index = 624
  }

  /// The next 32-bit output (`genrand_uint32`; Python's `getrandbits(32)`).
  mutating func nextUInt32() -> UInt32 { next32() }

  @inline(__always) private mutating func next32() -> UInt32 {
    if index >= 624 { twist() }
    var y = state[index]
    index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C_5680
    y ^= (y << 15) & 0xEFC6_0000
    y ^= y >> 18
    return y
  }

  /// Python's `random.random()`: 53 random bits from two outputs.
  public mutating func nextUniform() -> Double {
    let a = next32() >> 5
    let b = next32() >> 6
    return (Double(a) * 67_108_864.0 + Double(b)) * (1.0 / 9_007_199_254_740_992.0)
  }

  private mutating func twist() {
    @inline(__always) func mix(_ upper: UInt32, _ lower: UInt32, _ far: UInt32) -> UInt32 {
      let y = (upper & 0x8000_0000) | (lower & 0x7FFF_FFFF)
      return far ^ (y >> 1) ^ ((0 &- (y & 1)) & 0x9908_B0DF)
    }
    state.withUnsafeMutableBufferPointer { mt in
      for k in 0..<227 { mt[k] = mix(mt[k], mt[k + 1], mt[k + 397]) }
      for k in 227..<623 { mt[k] = mix(mt[k], mt[k + 1], mt[k - 227]) }
      mt[623] = mix(mt[623], mt[0], mt[396])
    }
    index = 0
  }
}

/// SplitMix64: a tiny, fast generator for fuzz where matching Python is not needed (e.g. seeded
/// from a card and review instant so a replay fuzzes the same way).
public struct SplitMix64: FuzzRandom, RandomNumberGenerator, Sendable {
  /// The current state; equal states give equal sequences.
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next 64-bit output.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The top 53 bits of the next output, scaled to [0, 1).
  public mutating func nextUniform() -> Double {
    Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
  }
}
