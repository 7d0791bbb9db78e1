// libFuzzer entry point; everything else lives in LayoutCoreTesting/Fuzz (FuzzTarget.sequences).
import LayoutCoreTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.sequences.run(data, size)
}
