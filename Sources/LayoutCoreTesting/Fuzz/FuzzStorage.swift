#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage reused from one fuzz input to the next, in place, so that the hot path neither
/// allocates nor copies (under ASan an allocation costs about a microsecond, more than a whole
/// batch of layouts, and every struct copy is a checked `memcpy`).
///
/// `lease` lends the stored value by address: the caller mutates it through the pointer, so
/// its arrays keep their storage and no struct of two dozen array references is copied in
/// and out (through a dictionary, say, which would cost a noticeable share of an execution).
/// Always on, and safe from any thread: a second caller while the value is lent gets a fresh
/// one of its own, which `release` frees.
/// libFuzzer calls a target from one thread, so it always gets the stored value; the corpus
/// replay tests (run in parallel) go through the same path.
enum FuzzStorage {
    private final class Slot<T> {
        let pointer: UnsafeMutablePointer<T>
        var isLent = false

        init(_ value: T) {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: value)
        }
    }

    nonisolated(unsafe) private static var slots: [ObjectIdentifier: AnyObject] = [:]
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// The stored value of type `T` (made by `make` the first time), lent until
    /// `release(_:)`; a fresh one from `make` when it is lent already.
    static func lease<T>(_ make: () -> T) -> UnsafeMutablePointer<T> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let stored = slots[ObjectIdentifier(T.self)] else {
            let slot = Slot(make())
            slot.isLent = true
            slots[ObjectIdentifier(T.self)] = slot
            return slot.pointer
        }
        let slot = unsafeDowncast(stored, to: Slot<T>.self)
        if !slot.isLent {
            slot.isLent = true
            return slot.pointer
        }
        let own = UnsafeMutablePointer<T>.allocate(capacity: 1)
        own.initialize(to: make())
        return own
    }

    /// Ends a lease: the stored value waits for the next `lease`; a fresh one is freed.
    static func release<T>(_ pointer: UnsafeMutablePointer<T>) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let stored = slots[ObjectIdentifier(T.self)] {
            let slot = unsafeDowncast(stored, to: Slot<T>.self)
            if slot.pointer == pointer {
                slot.isLent = false
                return
            }
        }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    nonisolated(unsafe) private static var constants: [ObjectIdentifier: UnsafeRawPointer] = [:]

    /// A value of type `T` built once per process by `make` (the first caller's), then shared
    /// read-only: the fixed padding blocks and typical controls of a generic check, which a
    /// generic type cannot keep in a static property. One value per type.
    static func constant<T>(_ make: () -> T) -> UnsafePointer<T> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let stored = constants[ObjectIdentifier(T.self)] { return stored.assumingMemoryBound(to: T.self) }
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: make())
        constants[ObjectIdentifier(T.self)] = UnsafeRawPointer(pointer)
        return UnsafePointer(pointer)
    }
}
