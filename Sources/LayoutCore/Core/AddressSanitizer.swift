#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// AddressSanitizer's manual poisoning, found at run time: present only in a process that
/// runs under the sanitizer (the test suite's sanitized run, the fuzz targets), `nil`
/// everywhere else, where it costs one test of a global per count change of a batch.
///
/// Column storage poisons every byte of its allocation that is not an element (the slack of
/// each column rounded up to whole cache lines, and the room beyond `count`), so that code
/// that reads or writes one element too many is reported instead of landing, unseen, in the
/// column's own slack.
@usableFromInline
struct AddressSanitizer: @unchecked Sendable {
    @usableFromInline typealias Region = @convention(c) (UnsafeRawPointer?, Int) -> Void
    @usableFromInline let poison: Region
    @usableFromInline let unpoison: Region

    /// The sanitizer's functions, when the process has them.
    @usableFromInline
    static let hooks: AddressSanitizer? = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everywhere: UnsafeMutableRawPointer? = nil
        #endif
        guard let poison = dlsym(everywhere, "__asan_poison_memory_region"),
              let unpoison = dlsym(everywhere, "__asan_unpoison_memory_region") else { return nil }
        return AddressSanitizer(poison: unsafeBitCast(poison, to: Region.self),
                                unpoison: unsafeBitCast(unpoison, to: Region.self))
        #else
        return nil
        #endif
    }()
}
