// The public batch types: a control's input columns and result columns, in storage the
// library owns (ColumnStorage.swift), with value semantics (copy on write).

/// One column of a batch: a random-access collection of its elements, with value semantics.
///
/// Write a batch's column through the batch (`columns.width[3] = 20`): the batch copies its
/// storage first if another value shares it, and the write changes that batch only. A column
/// read into a variable (`var widths = columns.width`) is a value of its own, like an array:
/// writing to it copies it first, so neither the batch nor any copy sees the write, and a
/// batch that grows, shrinks or is emptied afterwards never moves or frees the memory the
/// column reads.
public struct Column<Element: ColumnElement>: RandomAccessCollection, MutableCollection, Sendable {
    /// The columns this one is part of (shared with the batch until either writes).
    @usableFromInline var buffer: ColumnBuffer
    /// This column's position in `buffer`.
    @usableFromInline let position: Int

    @inlinable
    init(buffer: ColumnBuffer, position: Int) {
        self.buffer = buffer
        self.position = position
    }

    /// The first element's index: 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last element's index: the batch's number of controls.
    @inlinable public var endIndex: Int { buffer.count }

    /// The column's first element.
    @inlinable
    var base: UnsafeMutablePointer<Element> {
        buffer.addresses[position].assumingMemoryBound(to: Element.self)
    }

    /// Makes `buffer` this column's own before a write.
    ///
    /// While a batch lends its buffer to the view its `_modify` accessor yields (`isLent`,
    /// `columns.width[3] = 20`), the batch holds exactly one reference besides the views'.
    /// The check sets that reference aside, so a view writes in place only when no other view
    /// (a copy taken during the access) holds the buffer. The view's own reference keeps the
    /// buffer alive meanwhile.
    @inlinable
    mutating func makeUnique() {
        if buffer.isLent {
            let lender = Unmanaged.passUnretained(buffer)
            lender.release()
            let isUnique = isKnownUniquelyReferenced(&buffer)
            _ = lender.retain()
            if isUnique { return }
        } else if isKnownUniquelyReferenced(&buffer) {
            return
        }
        buffer = buffer.makeCopy()
    }

    /// Element `index` (control `index` of the batch).
    ///
    /// - Precondition: `0 <= index < count`.
    @inlinable
    public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < buffer.count, "Column index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < buffer.count, "Column index out of range")
            makeUnique()
            buffer.columnWritten(at: position, index: index)
            base[index] = newValue
        }
    }

    /// Calls `body` with the column's elements.
    ///
    /// The pointer is valid only while `body` runs: do not store it or return it.
    @inlinable
    public func withUnsafeBufferPointer<E: Error, R>(
        _ body: (UnsafeBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        try withExtendedLifetime(buffer) { () throws(E) -> R in
            try body(UnsafeBufferPointer(start: base, count: buffer.count))
        }
    }

    /// Calls `body` with the column's elements, to change them in place (after making the
    /// column's storage its own, as any write does).
    ///
    /// The pointer is valid only while `body` runs: do not store it or return it.
    @inlinable
    public mutating func withUnsafeMutableBufferPointer<E: Error, R>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        makeUnique()
        buffer.columnWritten(at: position, index: nil)
        return try withExtendedLifetime(buffer) { () throws(E) -> R in
            try body(UnsafeMutableBufferPointer(start: base, count: buffer.count))
        }
    }

    /// Replaces every element with `elements`, which must have `count` elements.
    ///
    /// - Precondition: `elements.count == count`.
    @inlinable
    public mutating func update<C: Collection>(from elements: C) where C.Element == Element {
        precondition(elements.count == count, "Column.update(from:): wrong number of elements")
        withUnsafeMutableBufferPointer { buffer in
            for (offset, element) in elements.enumerated() { buffer[offset] = element }
        }
    }
}

extension ColumnStorage {
    /// Lends the column at `position` to the view a batch's `_modify` accessor yields: writes
    /// through it go in place (`Column.makeUnique`). The caller holds `storage` alone.
    @inlinable
    static func lend<Element>(_ storage: ColumnStorage, at position: Int) -> Column<Element> {
        storage.isLent = true
        return Column(buffer: storage, position: position)
    }

    /// Ends the loan of `lend(_:at:)`. When the lent view was replaced, by an assignment
    /// (`columns.width = other.width`) or a swap (`swap(&columns.width, &view)`), the new
    /// view's elements are copied in; a view swapped out still holds this buffer and keeps
    /// its elements, so the batch copies the buffer first when it no longer holds it alone.
    @inlinable
    static func endLoan<Element>(_ storage: inout ColumnStorage, of column: Column<Element>, at position: Int) {
        storage.isLent = false
        if column.buffer === storage && column.position == position { return }
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.replaceColumn(at: position, with: column)
    }
}

extension ColumnBuffer {
    /// Copies the elements of `column` into the column at `position`.
    ///
    /// - Precondition: `column.count == count`.
    @inlinable
    final func replaceColumn<Element>(at position: Int, with column: Column<Element>) {
        precondition(column.count == count, "Column assignment: the new column has \(column.count) elements, the batch \(count)")
        column.withUnsafeBufferPointer { source in
            if let start = source.baseAddress {
                addresses[position].copyMemory(from: start, byteCount: count * MemoryLayout<Element>.stride)
            }
        }
        columnWritten(at: position, index: nil)
    }
}

/// The inputs of many layouts of one control, one column per field (structure of arrays), in
/// storage the library allocates.
///
/// Read and write a column by its field's name (`columns.width[3] = 20`), fill the batch with
/// `append(_:)` or from arrays (`init(arrays:)`), and lay everything out with
/// `layout(into:parallelism:)`. Enumerations are stored as their raw values, so that columns
/// can come from files or other languages; validation refuses raw values out of range.
@dynamicMemberLookup
public struct BatchColumns<Control: BatchLayout>: @unchecked Sendable {
    @usableFromInline var storage: ColumnStorage<Control.InputFields>

    /// An empty batch with room for `capacity` controls.
    @inlinable
    public init(capacity: Int = 0) {
        storage = ColumnStorage(capacity: capacity, firstSlot: 0)
    }

    /// A batch holding `configurations` in order.
    @inlinable
    public init<S: Sequence>(_ configurations: S) where S.Element == Control {
        self.init(capacity: configurations.underestimatedCount)
        for configuration in configurations { append(configuration) }
    }

    /// A batch of `count` controls whose every column is zero (fill it column by column).
    @inlinable
    public init(count: Int) {
        self.init(capacity: count)
        storage.resize(to: count)
    }

    /// The number of controls.
    @inlinable public var count: Int { storage.count }

    /// Whether the batch is empty.
    @inlinable public var isEmpty: Bool { storage.count == 0 }

    /// The number of controls the batch holds without allocating.
    @inlinable public var capacity: Int { storage.capacity }

    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    #if !hasFeature(Embedded)  // Embedded Swift has no key paths: element access only there
    /// One column, by its field's name.
    ///
    /// Writing through it (`columns.width[3] = 20`) changes this batch only; assigning a
    /// column (`columns.width = other.width`) copies its elements, which must be as many as
    /// the batch's controls.
    @inlinable
    public subscript<Element>(dynamicMember key: KeyPath<Control.InputFields, Field<Element>>) -> Column<Element> {
        get { Column(buffer: storage, position: Control.InputFields.position(of: key)) }
        _modify {
            makeUnique()
            let position = Control.InputFields.position(of: key)
            var column: Column<Element> = ColumnStorage.lend(storage, at: position)
            defer { ColumnStorage.endLoan(&storage, of: column, at: position) }
            yield &column
        }
    }
    #else
    /// Embedded Swift has no key paths, so no column by name: use element access.
    @available(*, unavailable, message: "Embedded Swift has no key paths: read and write whole elements instead")
    public subscript(dynamicMember name: StaticString) -> Never { fatalError() }
    #endif

    /// Appends one control.
    ///
    /// A value that its column cannot hold (a segment count of 300, an index of -1) is not
    /// converted silently: validation refuses this control, quoting the value as passed.
    @inlinable
    public mutating func append(_ configuration: Control) {
        makeUnique()
        storage.reserve(storage.count + 1)
        let index = storage.count
        storage.count = index + 1
        storage.elementAppended()
        if let refused = Control._write(configuration, to: storage.fields, at: index) {
            storage.unrepresentable.append(UnrepresentableEntry(index: index, position: refused.position, value: refused.value))
        }
    }

    /// Replaces control `index` with `configuration`: a frame loop that lays out the same
    /// batch every frame changes the few controls that changed, in place.
    /// - Precondition: `0 <= index < count`.
    @inlinable
    public mutating func replace(at index: Int, with configuration: Control) {
        precondition(index >= 0 && index < count, "BatchColumns.replace(at:with:): index out of range")
        makeUnique()
        if !storage.unrepresentable.isEmpty { storage.unrepresentable.removeAll { $0.index == index } }
        if let refused = Control._write(configuration, to: storage.fields, at: index) {
            storage.unrepresentable.append(UnrepresentableEntry(index: index, position: refused.position, value: refused.value))
        }
    }

    /// Appends every configuration of `configurations`.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf configurations: S) where S.Element == Control {
        reserveCapacity(count + configurations.underestimatedCount)
        for configuration in configurations { append(configuration) }
    }

    /// Makes room for `capacity` controls.
    @inlinable
    public mutating func reserveCapacity(_ capacity: Int) {
        makeUnique()
        if capacity > storage.capacity { storage.allocate(capacity: capacity) }
    }

    /// Removes every control, keeping the storage when `keepCapacity` is true: a batch refilled
    /// every frame then never allocates once it has grown to the batch's size.
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        if keepCapacity && isKnownUniquelyReferenced(&storage) {
            storage.count = 0
            storage.countDidChange()
            storage.unrepresentable.removeAll()
        } else {
            // Shared storage is left to the values that share it.
            storage = ColumnStorage(capacity: keepCapacity ? storage.capacity : 0, firstSlot: 0)
        }
    }

    /// The configuration of control `index`, or `nil` when a raw value is out of range.
    /// - Precondition: `0 <= index < count`.
    @inlinable
    public func configuration(at index: Int) -> Control? {
        precondition(index >= 0 && index < count, "BatchColumns.configuration(at:): index out of range")
        return withExtendedLifetime(storage) { Control._configuration(in: storage.fields, at: index) }
    }

    /// The column names, in the order validation looks at them.
    package static var fieldNames: [String] { Control.InputFields.names }
}

extension BatchColumns: Equatable {
    /// Whether both batches hold the same bits in every column.
    @inlinable
    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage || a.storage.hasSameContents(as: b.storage)
    }
}

/// The results of many layouts of one control, one column per field, in storage the library
/// allocates. Allocate once and reuse it: a batch call resizes it only when the count differs.
@dynamicMemberLookup
public struct BatchResultColumns<Control: BatchLayout>: @unchecked Sendable {
    @usableFromInline var storage: ColumnStorage<Control.ResultFields>

    /// `count` results, all zero.
    @inlinable
    public init(count: Int = 0) {
        // Staggered after the input columns, so no result column shares their page offsets.
        storage = ColumnStorage(capacity: count, firstSlot: Control.InputFields.fieldCount)
        storage.resize(to: count)
    }

    /// The number of results.
    @inlinable public var count: Int { storage.count }

    /// Whether there are no results.
    @inlinable public var isEmpty: Bool { storage.count == 0 }

    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Resizes every column to `count`, keeping what fits and filling with zeros.
    @inlinable
    public mutating func resize(to count: Int) {
        makeUnique()
        storage.resize(to: count)
    }

    #if !hasFeature(Embedded)  // Embedded Swift has no key paths: element access only there
    /// One column, by its field's name (writes change these results only, as for the
    /// input columns).
    @inlinable
    public subscript<Element>(dynamicMember key: KeyPath<Control.ResultFields, Field<Element>>) -> Column<Element> {
        get { Column(buffer: storage, position: Control.ResultFields.position(of: key)) }
        _modify {
            makeUnique()
            let position = Control.ResultFields.position(of: key)
            var column: Column<Element> = ColumnStorage.lend(storage, at: position)
            defer { ColumnStorage.endLoan(&storage, of: column, at: position) }
            yield &column
        }
    }
    #else
    /// Embedded Swift has no key paths, so no column by name: use element access.
    @available(*, unavailable, message: "Embedded Swift has no key paths: read and write whole elements instead")
    public subscript(dynamicMember name: StaticString) -> Never { fatalError() }
    #endif

    /// Sets every element of every scalar column to `scalar` and of every byte column to
    /// `byte` (tests and fuzz targets fill an output with sentinels this way).
    @inlinable
    package mutating func fill(scalar: Control.Scalar, byte: UInt8) {
        makeUnique()
        for position in storage.addresses.indices {
            if count == 0 { break }
            if storage.elementSizes[position] == 1 {
                storage.addresses[position].initializeMemory(as: UInt8.self, repeating: byte, count: count)
            } else {
                storage.addresses[position].initializeMemory(as: Control.Scalar.self, repeating: scalar, count: count)
            }
        }
    }

    /// The result of control `index`.
    /// - Precondition: `0 <= index < count`.
    @inlinable
    public subscript(index: Int) -> Control.Result {
        precondition(index >= 0 && index < count, "BatchResultColumns: index out of range")
        return withExtendedLifetime(storage) { Control._result(in: storage.fields, at: index) }
    }

    /// The column names.
    package static var fieldNames: [String] { Control.ResultFields.names }
}

extension BatchResultColumns: Equatable {
    /// Whether both hold the same bits in every column.
    @inlinable
    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage || a.storage.hasSameContents(as: b.storage)
    }
}

/// The elements of one column, for building a batch from arrays: the layout's scalars, or
/// bytes (raw values, flags, small counts).
package enum ColumnArray<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The elements of a scalar column (a length, a size, a time...).
    case scalars([Scalar])
    /// The elements of a byte column (an enumeration's raw value, a flag, a small count).
    case bytes([UInt8])

    /// The number of elements.
    package var count: Int {
        switch self {
        case .scalars(let values): return values.count
        case .bytes(let values): return values.count
        }
    }
}

extension BatchColumns {
    /// A batch holding `arrays`, one per input field in declaration order
    /// (`Control.InputFields.names`), scalars for scalar fields and bytes for byte fields.
    ///
    /// - Throws: `LayoutError.Problem.columnLengthMismatch` for the first array whose length
    ///   differs from the first one's, or whose kind (scalars or bytes) or position does not
    ///   match its field.
    package init(arrays: [ColumnArray<Control.Scalar>]) throws(LayoutError) {
        self.init()
        try assign(arrays: arrays)
    }

    /// Replaces every column with `arrays`, as `init(arrays:)` would build them, in this
    /// batch's storage when it is not shared and holds enough: a tool that refills one batch
    /// per input (the fuzz checks) then allocates nothing. A refused `arrays` leaves the
    /// batch unchanged.
    ///
    /// - Throws: as `init(arrays:)`.
    package mutating func assign(arrays: [ColumnArray<Control.Scalar>]) throws(LayoutError) {
        try Self.checkShape(of: arrays, elementSizes: storage.elementSizes)
        let count = arrays.first?.count ?? 0
        // Storage shared with a copy is left to it (nothing of it is kept); every element is
        // written below, so none is cleared first.
        if isKnownUniquelyReferenced(&storage) {
            storage.unrepresentable.removeAll()
            storage.count = 0
            storage.reserve(count)
        } else {
            storage = ColumnStorage(capacity: count, firstSlot: 0)
        }
        storage.count = count
        storage.countDidChange()
        copyColumns(from: arrays)
    }

    /// Refuses `arrays` unless there is one per field, all of the first one's length, each of
    /// its field's kind (scalars or bytes, from the columns' `elementSizes`; not checked when
    /// the arrays are empty). Length errors come first, then kinds, each in declaration order.
    static func checkShape(of arrays: [ColumnArray<Control.Scalar>], elementSizes: [Int]) throws(LayoutError) {
        // The names (from the schema) only when there is an error to name.
        let fieldCount = Control.InputFields.fieldCount
        let count = arrays.first?.count ?? 0
        if arrays.count != fieldCount {
            let names = Control.InputFields.names
            throw LayoutError(index: 0, field: arrays.count < fieldCount ? names[arrays.count] : "(extra column)",
                              value: Double(arrays.count), problem: .columnLengthMismatch(expected: fieldCount))
        }
        if arrays.contains(where: { $0.count != count }) {
            let names = Control.InputFields.names
            var validator = BatchValidator(count: count)
            for (position, array) in arrays.enumerated().dropFirst() {
                validator.checkLength(array.count, field: names[position])
            }
            if let error = validator.error { throw error }
        }
        guard count > 0 else { return }
        for (position, array) in arrays.enumerated() {
            let holdsBytes = elementSizes[position] == 1
            switch array {
            case .scalars where !holdsBytes, .bytes where holdsBytes: continue
            default:
                throw LayoutError(index: 0, field: Control.InputFields.names[position], value: Double(array.count),
                                  problem: .outOfRange(expected: holdsBytes ? "bytes" : "scalars"))
            }
        }
    }

    /// Copies `arrays` (checked by `checkShape(of:)`) into the columns, which hold as many
    /// elements.
    mutating func copyColumns(from arrays: [ColumnArray<Control.Scalar>]) {
        withExtendedLifetime(storage) {
            for (position, array) in arrays.enumerated() {
                let address = storage.addresses[position]
                switch array {
                case .scalars(let values): values.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                case .bytes(let values): values.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                }
            }
        }
    }

    /// Every column as an array, in declaration order (the inverse of `init(arrays:)`).
    package var arrays: [ColumnArray<Control.Scalar>] {
        withExtendedLifetime(storage) {
            storage.addresses.indices.map { position in
                let address = storage.addresses[position]
                if storage.elementSizes[position] == 1 {
                    return .bytes(Array(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)))
                }
                return .scalars(Array(UnsafeBufferPointer(start: address.assumingMemoryBound(to: Control.Scalar.self), count: count)))
            }
        }
    }
}

// MARK: - Field-by-position access for tools

/// One element of a column, seen without its field's type.
@usableFromInline package enum ColumnValue<Scalar: LayoutScalar>: Hashable, Sendable {
    case scalar(Scalar)
    case byte(UInt8)
}

extension BatchColumns {
    /// Element `index` of the input column at `position` (declaration order).
    @inlinable
    package func value(field position: Int, at index: Int) -> ColumnValue<Control.Scalar> {
        precondition(index >= 0 && index < count, "BatchColumns: index out of range")
        return withExtendedLifetime(storage) { storage.value(field: position, at: index, as: Control.Scalar.self) }
    }
}

extension BatchResultColumns {
    /// Writes `result` as control `index`'s results.
    /// - Precondition: `0 <= index < count`.
    @inlinable
    package mutating func set(_ result: Control.Result, at index: Int) {
        precondition(index >= 0 && index < count, "BatchResultColumns: index out of range")
        makeUnique()
        Control._write(result, to: storage.fields, at: index)
    }

    /// Element `index` of the result column at `position` (declaration order).
    @inlinable
    package func value(field position: Int, at index: Int) -> ColumnValue<Control.Scalar> {
        precondition(index >= 0 && index < count, "BatchResultColumns: index out of range")
        return withExtendedLifetime(storage) { storage.value(field: position, at: index, as: Control.Scalar.self) }
    }

    /// The lowest control index at which `other` differs from these results in any bit (any
    /// NaN equals any NaN), or whose count differs; `nil` when the two agree.
    @inlinable
    package func firstBitDifference(from other: BatchResultColumns) -> Int? {
        withExtendedLifetime((storage, other.storage)) { storage.firstBitDifference(from: other.storage) }
    }
}
