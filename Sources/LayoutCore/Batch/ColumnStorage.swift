// The memory behind a batch's columns: one allocation per batch side, owned by the library.
//
// Columns that each start a page are slow: every column then begins at the same offset within
// a page, so a lane group's loads and stores all fall into the same few L1 sets and evict each
// other (Docs/ButtonContent.md, "Column placement"). Here columns are packed one after
// another, each rounded up to an odd number of cache lines, so consecutive columns start at
// different lines of a page (see `layout(capacity:)`); results start `firstSlot` lines further
// than inputs.

/// The columns of one side of a batch, in one allocation.
@usableFromInline
final class ColumnStorage<Fields: FieldSet>: @unchecked Sendable {
    /// The fields, bound to the columns (each field's `address`): what kernels read.
    @usableFromInline var fields: Fields
    /// Every column's first element, by position (the same addresses as `fields`), for the
    /// code that walks the columns by position without copying the field set.
    @usableFromInline var addresses: [UnsafeMutableRawPointer]
    /// Every column's element size in bytes, by position.
    @usableFromInline let elementSizes: [Int]
    /// Every column's rule, by position.
    @usableFromInline let rules: [FieldRule]
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
        let fields = Fields()
        let positions = 0..<Fields.fieldCount
        elementSizes = positions.map { fields.field(at: $0).elementSize }
        rules = positions.map { fields.field(at: $0).rule }
        // Until the first allocation every column points to an address that is never read
        // (nothing is read from an empty column), so a column view needs no special case.
        let nowhere = UnsafeMutableRawPointer(bitPattern: Self.lineSize).unsafelyUnwrapped
        addresses = Array(repeating: nowhere, count: Fields.fieldCount)
        self.fields = fields
        self.count = 0
        self.capacity = 0
        self.memory = nil
        self.firstSlot = firstSlot
        bindFields()
        allocate(capacity: capacity)
    }

    deinit { memory?.deallocate() }

    /// Points every field of `fields` to its column in `addresses`.
    @inlinable
    func bindFields() {
        var fields = self.fields
        for position in addresses.indices { fields.bind(position, to: addresses[position]) }
        self.fields = fields
    }

    /// The byte offset of every column for `capacity` controls, and the allocation's size.
    ///
    /// Every column takes an odd number of cache lines (one line of padding where its size is
    /// even), so that consecutive columns start at different offsets within a page: with a
    /// stride of an odd number of lines, 64 consecutive columns start at 64 different lines of
    /// a 4 KiB page, in different sets of the L1 cache. (A column of exactly one page, 1,024
    /// `Float`s, would otherwise put every column at the same page offset.) The side's first
    /// column starts `firstSlot` lines into the allocation, so results do not start where
    /// inputs do.
    @inlinable
    func layout(capacity: Int) -> (offsets: [Int], byteCount: Int) {
        let line = Self.lineSize, page = Self.pageSize
        var offsets: [Int] = []
        offsets.reserveCapacity(elementSizes.count)
        var end = (firstSlot % (page / line)) * line
        for size in elementSizes {
            let lines = (capacity * size + line - 1) / line
            offsets.append(end)
            end += (lines | 1) * line
        }
        return (offsets, max(end, 1))
    }

    /// Reallocates for `newCapacity` controls, keeping the first `count` of every column.
    @inlinable
    func allocate(capacity newCapacity: Int) {
        guard newCapacity > 0 else { return }
        let (offsets, byteCount) = layout(capacity: newCapacity)
        let newMemory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.pageSize)
        for position in addresses.indices {
            let address = newMemory + offsets[position]
            if count > 0 {
                address.copyMemory(from: addresses[position], byteCount: count * elementSizes[position])
            }
            addresses[position] = address
        }
        memory?.deallocate()
        memory = newMemory
        capacity = newCapacity
        bindFields()
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
        for position in addresses.indices {
            copy.addresses[position].copyMemory(from: addresses[position], byteCount: count * elementSizes[position])
        }
        copy.count = count
        return copy
    }

    /// Sets the count, zeroing the elements it adds.
    @inlinable
    func resize(to newCount: Int) {
        reserve(newCount)
        if newCount > count {
            for position in addresses.indices {
                let size = elementSizes[position]
                (addresses[position] + count * size)
                    .initializeMemory(as: UInt8.self, repeating: 0, count: (newCount - count) * size)
            }
        }
        count = newCount
    }

    /// Whether every column holds the same bytes as `other`'s.
    @inlinable
    func hasSameContents(as other: ColumnStorage) -> Bool {
        guard count == other.count else { return false }
        for position in addresses.indices {
            let bytes = count * elementSizes[position]
            if !UnsafeRawBufferPointer(start: addresses[position], count: bytes)
                .elementsEqual(UnsafeRawBufferPointer(start: other.addresses[position], count: bytes)) {
                return false
            }
        }
        return true
    }

    /// The lowest control index at which some column differs from `other`'s, comparing
    /// floating-point elements by bit pattern except that any NaN equals any NaN (NaN
    /// payloads are not part of the contract); `nil` when none does.
    @inlinable
    func firstBitDifference(from other: ColumnStorage) -> Int? {
        var first: Int?
        for position in addresses.indices {
            let a = UnsafeRawPointer(addresses[position]), b = UnsafeRawPointer(other.addresses[position])
            let limit = Swift.min(first ?? count, Swift.min(count, other.count))
            var index = 0
            switch elementSizes[position] {
            case 4:
                let x = a.assumingMemoryBound(to: UInt32.self), y = b.assumingMemoryBound(to: UInt32.self)
                while index < limit && (x[index] == y[index] || (Self.isNaN32(x[index]) && Self.isNaN32(y[index]))) {
                    index += 1
                }
            case 8:
                let x = a.assumingMemoryBound(to: UInt64.self), y = b.assumingMemoryBound(to: UInt64.self)
                while index < limit && (x[index] == y[index] || (Self.isNaN64(x[index]) && Self.isNaN64(y[index]))) {
                    index += 1
                }
            default:
                let x = a.assumingMemoryBound(to: UInt8.self), y = b.assumingMemoryBound(to: UInt8.self)
                while index < limit && x[index] == y[index] { index += 1 }
            }
            if index < limit { first = index }
        }
        if first == nil && count != other.count { return Swift.min(count, other.count) }
        return first
    }

    @inlinable static func isNaN32(_ bits: UInt32) -> Bool { bits & 0x7FFF_FFFF > 0x7F80_0000 }
    @inlinable static func isNaN64(_ bits: UInt64) -> Bool { bits & 0x7FFF_FFFF_FFFF_FFFF > 0x7FF0_0000_0000_0000 }

    /// A view of the column `key` leads to (it keeps this storage alive).
    @inlinable
    func column<Element>(_ key: KeyPath<Fields, Field<Element>>) -> Column<Element> {
        Column(base: fields[keyPath: key].base, count: count, owner: self)
    }

    /// Element `index` of the column at `position`, as a byte or a `Scalar` (tools and tests
    /// that walk a field set by position).
    @inlinable
    func value<Scalar: LayoutScalar>(field position: Int, at index: Int, as: Scalar.Type) -> ColumnValue<Scalar> {
        let address = addresses[position]
        if elementSizes[position] == 1 { return .byte(address.load(fromByteOffset: index, as: UInt8.self)) }
        return .scalar(address.load(fromByteOffset: index * MemoryLayout<Scalar>.stride, as: Scalar.self))
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
        let stride = maximumLaneWidth * 8
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
