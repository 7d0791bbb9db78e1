#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor count without Foundation (the library depends on nothing but the stdlib).
enum ProcessInfoShim {
    static var activeProcessorCount: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        return 1
        #endif
    }
}
