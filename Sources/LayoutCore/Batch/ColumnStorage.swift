// The memory behind a batch's columns: one allocation per batch side, owned by the library.
//
// Large columns that each start a page are slow: every column then begins at the same offset
// within a page, so a lane group's loads and stores all fall into the same few L1 sets and
// evict each other, and stores look like they alias the loads of the same offset (Docs/
// Performance.md, "Column placement"). Here every column of more than a page starts a whole
// number of pages after the previous one plus a stagger of one cache line per column, so that
// column k sits `k` lines further into its page than column 0. Inputs and results use
// different staggers (`firstSlot`), so no result column shares a page offset with an input.
// Small batches pack their columns 64-byte aligned without staggering: they fit in cache.

/// The columns of one side of a batch, in one allocation.
@usableFromInline
final class ColumnStorage<Fields: FieldSet>: @unchecked Sendable {
    /// The fields, bound to the columns (each field's `address`).
    @usableFromInline var fields: Fields
    /// The number of controls.
    @usableFromInline var count: Int
    /// The number of controls the columns have room for.
    @usableFromInline var capacity: Int
    /// The allocation (nil while the capacity is 0).
    @usableFromInline var memory: UnsafeMutableRawPointer?
    /// The stagger of the first column, in cache lines.
    @usableFromInline let firstSlot: Int

    @usableFromInline static var lineSize: Int { 64 }
    @usableFromInline static var pageSize: Int { 4096 }

    @inlinable
    init(capacity: Int, firstSlot: Int) {
        var fields = Fields()
        // Until the first allocation every column points to an address that is never read
        // (nothing is read from an empty column), so a column view needs no special case.
        let nowhere = UnsafeMutableRawPointer(bitPattern: Self.lineSize).unsafelyUnwrapped
        for position in 0..<Fields.fieldCount { fields.bind(position, to: nowhere) }
        self.fields = fields
        self.count = 0
        self.capacity = 0
        self.memory = nil
        self.firstSlot = firstSlot
        allocate(capacity: capacity)
    }

    deinit { memory?.deallocate() }

    /// The byte offset of every column for `capacity` controls, and the allocation's size.
    @inlinable
    func layout(capacity: Int) -> (offsets: [Int], byteCount: Int) {
        let line = Self.lineSize, page = Self.pageSize
        var offsets: [Int] = []
        offsets.reserveCapacity(Fields.fieldCount)
        var end = 0
        for position in 0..<Fields.fieldCount {
            let bytes = capacity * fields.field(at: position).elementSize
            var start = (end + line - 1) / line * line
            if bytes > page {
                // Start `slot` lines into the next page from the previous column's end.
                let slot = (firstSlot + position) % (page / line)
                let pageStart = (end + page - 1) / page * page
                start = pageStart + slot * line
                if start < end { start += page }
            }
            offsets.append(start)
            end = start + bytes
        }
        return (offsets, max(end, 1))
    }

    /// Reallocates for `newCapacity` controls, keeping the first `count` of every column.
    @inlinable
    func allocate(capacity newCapacity: Int) {
        guard newCapacity > 0 else { return }
        let (offsets, byteCount) = layout(capacity: newCapacity)
        let newMemory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.pageSize)
        var newFields = fields
        for position in 0..<Fields.fieldCount {
            let address = newMemory + offsets[position]
            if count > 0 {
                address.copyMemory(from: fields.field(at: position).address.unsafelyUnwrapped,
                                   byteCount: count * fields.field(at: position).elementSize)
            }
            newFields.bind(position, to: address)
        }
        memory?.deallocate()
        memory = newMemory
        fields = newFields
        capacity = newCapacity
    }

    /// Makes room for at least `minimumCapacity` controls, growing geometrically.
    @inlinable
    func reserve(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { allocate(capacity: Swift.max(minimumCapacity, capacity * 2, 16)) }
    }

    /// A copy with the same capacity and contents.
    @inlinable
    func copy() -> ColumnStorage {
        let copy = ColumnStorage(capacity: capacity, firstSlot: firstSlot)
        for position in 0..<Fields.fieldCount where count > 0 {
            copy.fields.field(at: position).address.unsafelyUnwrapped.copyMemory(
                from: fields.field(at: position).address.unsafelyUnwrapped,
                byteCount: count * fields.field(at: position).elementSize)
        }
        copy.count = count
        return copy
    }

    /// Sets the count, zeroing the elements it adds.
    @inlinable
    func resize(to newCount: Int) {
        reserve(newCount)
        if newCount > count {
            for position in 0..<Fields.fieldCount {
                let field = fields.field(at: position)
                (field.address.unsafelyUnwrapped + count * field.elementSize)
                    .initializeMemory(as: UInt8.self, repeating: 0, count: (newCount - count) * field.elementSize)
            }
        }
        count = newCount
    }

    /// Whether every column holds the same bytes as `other`'s.
    @inlinable
    func hasSameContents(as other: ColumnStorage) -> Bool {
        guard count == other.count else { return false }
        for position in 0..<Fields.fieldCount where count > 0 {
            let a = fields.field(at: position), b = other.fields.field(at: position)
            if memcmpEqual(a.address.unsafelyUnwrapped, b.address.unsafelyUnwrapped, count * a.elementSize) == false {
                return false
            }
        }
        return true
    }

    @inlinable
    func memcmpEqual(_ a: UnsafeMutableRawPointer, _ b: UnsafeMutableRawPointer, _ bytes: Int) -> Bool {
        UnsafeRawBufferPointer(start: a, count: bytes).elementsEqual(UnsafeRawBufferPointer(start: b, count: bytes))
    }
}

// MARK: - A zero-padded scratch lane group

extension FieldSet {
    /// Calls `body` with a copy of these (bound) fields' elements `start ..< start + count`
    /// in scratch columns of one lane group, padded with zeros, and `results`' fields bound to
    /// scratch result columns of one lane group; then copies the first `count` results back to
    /// `results`' columns from `start`. Kernels whose passes only handle full lane groups run
    /// the last, partial group this way.
    @inlinable
    func withScratchLaneGroup<Results: FieldSet>(
        from start: Int, count: Int, results: Results, _ body: (Self, Results) -> Void
    ) {
        let inputCount = Self.fieldCount, resultCount = Results.fieldCount
        // Eight bytes per element covers every element type.
        let stride = laneWidth * 8
        withUnsafeTemporaryAllocation(byteCount: (inputCount + resultCount) * stride, alignment: 64) { scratch in
            let base = scratch.baseAddress.unsafelyUnwrapped
            base.initializeMemory(as: UInt8.self, repeating: 0, count: scratch.count)
            var scratchInput = Self(), scratchResults = Results()
            for position in 0..<inputCount {
                let field = self.field(at: position), address = base + position * stride
                address.copyMemory(from: field.address.unsafelyUnwrapped + start * field.elementSize,
                                   byteCount: count * field.elementSize)
                scratchInput.bind(position, to: address)
            }
            for position in 0..<resultCount {
                scratchResults.bind(position, to: base + (inputCount + position) * stride)
            }
            body(scratchInput, scratchResults)
            for position in 0..<resultCount {
                let field = results.field(at: position)
                (field.address.unsafelyUnwrapped + start * field.elementSize).copyMemory(
                    from: scratchResults.field(at: position).address.unsafelyUnwrapped,
                    byteCount: count * field.elementSize)
            }
        }
    }
}
