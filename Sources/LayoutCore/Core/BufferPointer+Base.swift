extension UnsafeBufferPointer {
    /// The base address, or (for an empty buffer without one) a non-null pointer that is never
    /// dereferenced, since nothing is read from an empty column.
    @inlinable @inline(__always)
    var _base: UnsafePointer<Element> {
        baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }
}

extension UnsafeMutableBufferPointer {
    /// The base address, or (for an empty buffer without one) a non-null pointer that is never
    /// dereferenced, since nothing is written to an empty column.
    @inlinable @inline(__always)
    var _base: UnsafeMutablePointer<Element> {
        baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }
}
