import Testing
@testable import ParlanceBatch
