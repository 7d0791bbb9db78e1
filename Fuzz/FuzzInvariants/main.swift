// libFuzzer entry point; everything else lives in LayoutCoreTesting/Fuzz (FuzzTarget.invariants).
import LayoutCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.invariants.run(data, size)
}
