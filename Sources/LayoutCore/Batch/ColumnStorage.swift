// The memory behind a batch's columns: one allocation per batch side, owned by the library.
//
// Columns that each start a page are slow: every column then begins at the same offset within
// a page, so a lane group's loads and stores all fall into the same few L1 sets and evict each
// other (Docs/Performance.md, "Column placement"). Here columns are packed one after
// another, each rounded up to an odd number of cache lines, so consecutive columns start at
// different lines of a page (see `layout(capacity:)`); results start `firstSlot` lines further
// than inputs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value a batch was given that its byte column cannot hold (a count of 300, an index of
/// -1): the control's column holds a value validation refuses, and the error quotes this one.
@usableFromInline
struct UnrepresentableEntry: Sendable {
    /// The control.
    @usableFromInline let index: Int
    /// The field's position.
    @usableFromInline let position: Int
    /// The value as it was passed.
    @usableFromInline let value: Double

    @inlinable
    init(index: Int, position: Int, value: Double) {
        self.index = index
        self.position = position
        self.value = value
    }
}

/// The columns of one side of a batch, in one allocation: the raw memory, without the
/// control's field types (what a column view needs).
///
/// A buffer is changed only by its one owner: a batch or a column view whose reference is
/// unique (each copies it first otherwise, `isKnownUniquelyReferenced`), or the column view a
/// batch lends it to during an access (`isLent`) while no copy of that view holds it. So no
/// view sees another value's writes, and
/// no memory a view reads is freed or moved while the view holds the buffer.
///
/// The mutable properties are `@exclusivity(unchecked)`: with the one-owner rule above no
/// two accesses to them overlap, and the runtime's check of each access (`swift_beginAccess`,
/// about 60 instructions) would be most of what a batch call of a few controls costs before
/// its first control (Docs/Performance.md, "Fixed cost per call").
@usableFromInline
class ColumnBuffer: @unchecked Sendable {
    /// Every column's first element, by position.
    @usableFromInline @exclusivity(unchecked) final var addresses: [UnsafeMutableRawPointer]
    /// Every column's element size in bytes, by position.
    @usableFromInline final let elementSizes: [Int]
    /// The number of controls.
    @usableFromInline @exclusivity(unchecked) final var count: Int
    /// The number of controls the columns have room for.
    @usableFromInline @exclusivity(unchecked) final var capacity: Int
    /// The allocation (nil while the capacity is 0).
    @usableFromInline @exclusivity(unchecked) final var memory: UnsafeMutableRawPointer?
    /// The allocation's size in bytes.
    @usableFromInline @exclusivity(unchecked) final var byteCount = 0
    /// The stagger of the first column, in cache lines.
    @usableFromInline final let firstSlot: Int
    /// Whether a batch, which held this buffer alone, has lent it to the column view its
    /// `_modify` accessor yields: the batch's reference does not count against that view's
    /// writes (`Column.makeUnique`).
    @usableFromInline @exclusivity(unchecked) final var isLent = false
    /// Values appended that their byte column could not hold, by control (see
    /// `UnrepresentableEntry`); empty in all but invalid batches.
    @usableFromInline @exclusivity(unchecked) final var unrepresentable: [UnrepresentableEntry] = []

    @usableFromInline static var lineSize: Int { 64 }
    @usableFromInline static var pageSize: Int { 4096 }

    @inlinable
    init(elementSizes: [Int], firstSlot: Int) {
        // Until the first allocation every column points to an address that is never read
        // (nothing is read from an empty column).
        self.addresses = Array(repeating: FieldBinder.placeholder, count: elementSizes.count)
        self.elementSizes = elementSizes
        self.count = 0
        self.capacity = 0
        self.memory = nil
        self.firstSlot = firstSlot
    }

    deinit { release(memory) }

    /// Frees `memory`, first making it addressable again for the allocator (see
    /// `AddressSanitizer`).
    @usableFromInline
    final func release(_ memory: UnsafeMutableRawPointer?) {
        guard let memory else { return }
        AddressSanitizer.hooks?.unpoison(memory, byteCount)
        memory.deallocate()
    }

    /// After a change of `count` or of the allocation: under AddressSanitizer, poisons every
    /// byte of the allocation but the first `count` elements of each column.
    @inlinable
    final func countDidChange() {
        guard let sanitizer = AddressSanitizer.hooks, let memory else { return }
        sanitizer.poison(memory, byteCount)
        for position in addresses.indices { sanitizer.unpoison(addresses[position], count * elementSizes[position]) }
    }

    /// After `count` grew by one: under AddressSanitizer, makes the new element of each column
    /// addressable.
    @inlinable
    final func elementAppended() {
        guard let sanitizer = AddressSanitizer.hooks else { return }
        for position in addresses.indices {
            let size = elementSizes[position]
            sanitizer.unpoison(addresses[position] + (count - 1) * size, size)
        }
    }

    /// Called after the columns moved to new memory.
    @usableFromInline
    func columnsDidMove() {}

    /// A copy with the same capacity and contents (a plain buffer: what a column view needs).
    @usableFromInline
    func makeCopy() -> ColumnBuffer {
        let copy = ColumnBuffer(elementSizes: elementSizes, firstSlot: firstSlot)
        copy.copyContents(of: self)
        return copy
    }

    /// Takes `other`'s count and contents (same columns), allocating its capacity.
    @inlinable
    final func copyContents(of other: ColumnBuffer) {
        allocate(capacity: Swift.max(other.capacity, other.count))
        count = other.count
        countDidChange()
        for position in addresses.indices {
            addresses[position].copyMemory(from: other.addresses[position], byteCount: other.count * elementSizes[position])
        }
        unrepresentable = other.unrepresentable
    }

    /// Forgets the values recorded as unrepresentable at `index` of the column at `position`
    /// (every index when `index` is nil): the column was written there.
    @inlinable
    final func columnWritten(at position: Int, index: Int?) {
        if unrepresentable.isEmpty { return }
        unrepresentable.removeAll { $0.position == position && (index == nil || $0.index == index) }
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
    final func layout(capacity: Int) -> (offsets: [Int], byteCount: Int) {
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
    final func allocate(capacity newCapacity: Int) {
        guard newCapacity > 0 else { return }
        let (offsets, newByteCount) = layout(capacity: newCapacity)
        let newMemory = UnsafeMutableRawPointer.allocate(byteCount: newByteCount, alignment: Self.pageSize)
        for position in addresses.indices {
            let address = newMemory + offsets[position]
            if count > 0 {
                address.copyMemory(from: addresses[position], byteCount: count * elementSizes[position])
            }
            addresses[position] = address
        }
        release(memory)
        memory = newMemory
        byteCount = newByteCount
        capacity = newCapacity
        columnsDidMove()
        countDidChange()
    }

    /// Makes room for at least `minimumCapacity` controls, growing geometrically.
    @inlinable
    final func reserve(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { allocate(capacity: Swift.max(minimumCapacity, capacity * 2, 16)) }
    }

    /// Sets the count, zeroing the elements it adds.
    @inlinable
    final func resize(to newCount: Int) {
        reserve(newCount)
        let oldCount = count
        count = newCount
        countDidChange()
        if newCount > oldCount {
            for position in addresses.indices {
                let size = elementSizes[position]
                (addresses[position] + oldCount * size)
                    .initializeMemory(as: UInt8.self, repeating: 0, count: (newCount - oldCount) * size)
            }
        }
    }

    /// Whether every column holds the same bytes as `other`'s.
    @inlinable
    final func hasSameContents(as other: ColumnBuffer) -> Bool {
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
    final func firstBitDifference(from other: ColumnBuffer) -> Int? {
        var first: Int?
        for position in addresses.indices {
            let a = UnsafeRawPointer(addresses[position]), b = UnsafeRawPointer(other.addresses[position])
            let limit = Swift.min(first ?? count, Swift.min(count, other.count))
            #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            // Equal bytes, the usual case, in one call (under AddressSanitizer one check of
            // each range instead of one per element); otherwise element by element below.
            if limit == 0 || memcmp(a, b, limit * elementSizes[position]) == 0 { continue }
            #endif
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

    /// Element `index` of the column at `position`, as a byte or a `Scalar` (tools and tests
    /// that walk a field set by position).
    @inlinable
    final func value<Scalar: LayoutScalar>(field position: Int, at index: Int, as: Scalar.Type) -> ColumnValue<Scalar> {
        let address = addresses[position]
        if elementSizes[position] == 1 { return .byte(address.load(fromByteOffset: index, as: UInt8.self)) }
        return .scalar(address.load(fromByteOffset: index * MemoryLayout<Scalar>.stride, as: Scalar.self))
    }
}

/// The columns of one side of a batch, with the control's field set bound to them (what its
/// kernel and validation read).
@usableFromInline
final class ColumnStorage<Fields: FieldSet>: ColumnBuffer, @unchecked Sendable {
    /// The fields, bound to the columns, at one address for the storage's lifetime: the
    /// kernel's hooks take them by address (`BatchLayout._layout`, `_allValid`), which saves
    /// a batch call a copy of every field pointer per hook.
    @usableFromInline let boundFields: UnsafeMutablePointer<Fields>
    /// Every column's rule, by position.
    @usableFromInline let rules: [FieldRule]

    @inlinable
    init(capacity: Int, firstSlot: Int) {
        let descriptors = Fields.schema
        boundFields = .allocate(capacity: 1)
        boundFields.initialize(to: Fields.described)
        rules = descriptors.map { $0.rule }
        super.init(elementSizes: descriptors.map { $0.elementSize }, firstSlot: firstSlot)
        allocate(capacity: capacity)
    }

    deinit {
        boundFields.deinitialize(count: 1)
        boundFields.deallocate()
    }

    /// The fields, bound to the columns.
    @inlinable
    var fields: Fields { boundFields.pointee }

    /// Binds the fields to the columns' new addresses.
    @usableFromInline
    override func columnsDidMove() {
        boundFields.pointee = addresses.withUnsafeBufferPointer { Fields.bound(to: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// A copy with the same capacity and contents.
    @inlinable
    func copy() -> ColumnStorage {
        let copy = ColumnStorage(capacity: 0, firstSlot: firstSlot)
        copy.copyContents(of: self)
        return copy
    }

    @usableFromInline
    override func makeCopy() -> ColumnBuffer { copy() }
}
