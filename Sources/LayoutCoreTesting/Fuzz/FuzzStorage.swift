/// Storage reused from one fuzz input to the next, so that the hot path does not allocate
/// (under ASan an allocation costs about a microsecond: more than a whole batch of layouts).
///
/// Only the libFuzzer entry point turns reuse on (`FuzzTarget.run`), and libFuzzer calls it
/// from one thread. Everywhere else (the corpus replay tests run in parallel) `take` returns
/// `nil` and each check allocates its own storage.
enum FuzzStorage {
    nonisolated(unsafe) static var isEnabled = false
    nonisolated(unsafe) private static var boxes: [ObjectIdentifier: AnyObject] = [:]

    private final class Box<T> {
        var value: T?
    }

    private static func box<T>(_: T.Type) -> Box<T> {
        if let box = boxes[ObjectIdentifier(T.self)] { return unsafeDowncast(box, to: Box<T>.self) }
        let box = Box<T>()
        boxes[ObjectIdentifier(T.self)] = box
        return box
    }

    /// The stored value of type `T`, moved out of storage (so its arrays stay uniquely
    /// referenced and can be mutated in place); `nil` when reuse is off or nothing is stored.
    static func take<T>(_: T.Type) -> T? {
        guard isEnabled else { return nil }
        let box = box(T.self)
        defer { box.value = nil }
        return box.value
    }

    /// Stores `value` for the next `take` (when reuse is on).
    static func give<T>(_ value: T) {
        guard isEnabled else { return }
        box(T.self).value = value
    }
}
