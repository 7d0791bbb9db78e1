#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage reused from one fuzz input to the next, so that the hot path does not allocate
/// (under ASan an allocation costs about a microsecond: more than a whole batch of layouts).
///
/// Always on, and safe from any thread: `take` moves the stored value out under a lock, so
/// a second caller at the same time gets `nil` and builds its own, and `give` stores the
/// value back (the last one wins). libFuzzer calls a target from one thread, so it always
/// gets the storage back; the corpus replay tests (run in parallel) go through the same path.
enum FuzzStorage {
    private final class Box<T> {
        var value: T?
    }

    nonisolated(unsafe) private static var boxes: [ObjectIdentifier: AnyObject] = [:]
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// The stored value of type `T`, moved out of storage (so its arrays stay uniquely
    /// referenced and can be mutated in place); `nil` when nothing is stored.
    static func take<T>(_: T.Type) -> T? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let box = boxes[ObjectIdentifier(T.self)] else { return nil }
        let typed = unsafeDowncast(box, to: Box<T>.self)
        defer { typed.value = nil }
        return typed.value
    }

    /// Stores `value` for the next `take`.
    static func give<T>(_ value: T) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let box = boxes[ObjectIdentifier(T.self)] {
            unsafeDowncast(box, to: Box<T>.self).value = value
        } else {
            let box = Box<T>()
            box.value = value
            boxes[ObjectIdentifier(T.self)] = box
        }
    }
}
