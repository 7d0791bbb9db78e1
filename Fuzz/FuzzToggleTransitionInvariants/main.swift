// libFuzzer entry point; everything else lives in LayoutCoreTesting/Fuzz (FuzzTarget.toggleTransitionInvariants).
import LayoutCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.toggleTransitionInvariants.run(data, size)
}
