/// Inputs that `parlance bench` rows and the tests that check those rows' answers share.
package enum BenchInputs {
    /// 10,000 Swedish-looking names (deterministic), with å, ä, ö, and names that differ only
    /// in case or accent, so that every level of the collation is reached.
    package static let swedishNames: [String] = {
        let onsets = ["", "B", "D", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S", "T", "V", "Å", "Ä", "Ö", "Sj", "Tj", "Kj"]
        let vowels = ["a", "e", "i", "o", "u", "y", "å", "ä", "ö", "é"]
        let codas = ["", "n", "r", "l", "s", "k", "t", "rn", "ll", "ng", "m"]
        var state: UInt64 = 0x5EED_5EED
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<10_000).map { _ in
            var name = ""
            for syllable in 0..<(2 + next() % 2) {
                let onset = onsets[next() % onsets.count]
                name += syllable == 0 ? onset : onset.lowercased()
                name += vowels[next() % vowels.count] + codas[next() % codas.count]
            }
            return name
        }
    }()
}
