extension UnsafeMutableBufferPointer {
    /// New memory holding a copy of `elements`, exactly as many of them (none is a valid,
    /// empty buffer). The caller owns it and deallocates it; the compiled formatters keep
    /// their tables this way so that reading them touches no reference count.
    static func allocate(copying elements: some Collection<Element>) -> Self {
        let buffer = allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }
}
