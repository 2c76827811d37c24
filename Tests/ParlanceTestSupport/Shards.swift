/// Long sweeps (every locale ICU ships, and the like) split into parts that are test cases of
/// their own: `@Test(arguments: Shards.all)` with ``slice(_:shard:)`` inside. The parts run
/// beside each other and beside other suites, so that a sweep is not one long test that the
/// rest of a run waits for.
public enum Shards {
    /// The parts: each a test case.
    public static let all = 0..<4

    /// Every `all.count`-th element of `elements`, from the `shard`-th on: together the parts
    /// take every element once.
    public static func slice<Element>(_ elements: [Element], shard: Int) -> [Element] {
        elements.enumerated().filter { $0.offset % all.count == shard }.map(\.element)
    }
}
